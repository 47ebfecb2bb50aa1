// Reads each line of a JSONL file ({"name", "document"}: a partwise history) into the Spring AI part records
// of SpringParts and writes it back as Spring's mapper does (nulls written, unknown properties ignored, as
// Spring Boot configures Jackson): one line on stdout per input line, {"name", "output"} or {"name", "error"}
// naming why the records refused it.
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

public final class ReadAndWrite {
    private ReadAndWrite() {
    }

    public static void main(String[] arguments) throws IOException {
        ObjectMapper mapper = new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
        for (String text : Files.readAllLines(Path.of(arguments[0]), StandardCharsets.UTF_8)) {
            if (text.isBlank()) {
                continue;
            }
            JsonNode input = mapper.readTree(text);
            ObjectNode line = mapper.createObjectNode();
            line.set("name", input.get("name"));
            try {
                SpringParts.History history = mapper.treeToValue(input.get("document"), SpringParts.History.class);
                line.set("output", mapper.readTree(mapper.writeValueAsString(history)));
            } catch (IOException | IllegalArgumentException error) {
                Throwable cause = error;
                while (cause.getCause() != null) {
                    cause = cause.getCause();
                }
                line.put("error", cause.getClass().getSimpleName() + ": " + cause.getMessage());
            }
            System.out.println(mapper.writeValueAsString(line));
        }
    }
}
