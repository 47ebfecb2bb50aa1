// Round trip of the conformance history vectors through the generated Java models, read and written
// through a plain Jackson ObjectMapper: for each vector, one JSON line on stdout with the document as
// written back, or the error that rejected it.
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import partwise.models.History;
import partwise.models.PartwiseDecodeException;
import partwise.models.PartwiseJson;

public final class RoundTrip {
    private RoundTrip() {
    }

    public static void main(String[] arguments) throws IOException {
        ObjectMapper mapper = PartwiseJson.MAPPER;
        for (String group : List.of("valid", "invalid")) {
            List<Path> files;
            try (Stream<Path> listing = Files.list(Path.of(arguments[0], group))) {
                files = listing.sorted().toList();
            }
            for (Path file : files) {
                JsonNode document = mapper.readTree(file.toFile()).get("document");
                ObjectNode line = mapper.createObjectNode();
                line.put("vector", group + "/" + file.getFileName());
                try {
                    History history = mapper.readValue(mapper.writeValueAsString(document), History.class);
                    line.set("output", mapper.readTree(mapper.writeValueAsString(history)));
                } catch (PartwiseDecodeException error) {
                    line.put("error", error.expected());
                    line.put("pointer", error.pointer());
                }
                System.out.println(mapper.writeValueAsString(line));
            }
        }
    }
}
