// Spring AI 2.1's part records as its documentation and sources define them (reference/spring-ai-2.1-parts-and-session.md
// §1.1-1.4), written for Java 17 and Debian's Jackson 2: the rules their compact constructors enforce, so what
// partwise writes is read here exactly as Spring AI would read it, or rejected where Spring AI would reject it.
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import java.io.IOException;
import java.net.URI;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

final class SpringParts {
    private SpringParts() {
    }

    /** Spring's Assert.hasText: not null and at least one non-whitespace character. */
    static String hasText(String value, String name) {
        if (value == null || value.chars().allMatch(Character::isWhitespace)) {
            throw new IllegalArgumentException(name + " must not be empty");
        }
        return value;
    }

    static <T> T notNull(T value, String name) {
        if (value == null) {
            throw new IllegalArgumentException(name + " must not be null");
        }
        return value;
    }

    /** A message part: Jackson polymorphism on `type`, kept visible; unknown properties ignored; other types read as UnknownPart. */
    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type", visible = true, defaultImpl = UnknownPart.class)
    @JsonSubTypes({
        @JsonSubTypes.Type(value = TextPart.class, name = "text"),
        @JsonSubTypes.Type(value = ReasoningPart.class, name = "reasoning"),
        @JsonSubTypes.Type(value = ToolCallPart.class, name = "tool_call"),
        @JsonSubTypes.Type(value = ToolResultPart.class, name = "tool_result"),
        @JsonSubTypes.Type(value = MediaPart.class, name = "media"),
        @JsonSubTypes.Type(value = UnknownPart.class, name = "unknown"),
    })
    @JsonIgnoreProperties(ignoreUnknown = true)
    sealed interface MessagePart permits TextPart, ReasoningPart, ToolCallPart, ToolResultPart, MediaPart, UnknownPart {
        OpaquePayload payload();

        Map<String, String> attributes();
    }

    record OpaquePayload(String provider, String kind, String data) {
        OpaquePayload {
            hasText(provider, "provider");
            hasText(kind, "kind");
            notNull(data, "data");
        }
    }

    record TextPart(String text, OpaquePayload payload, Map<String, String> attributes) implements MessagePart {
        TextPart {
            notNull(text, "text");
            attributes = Map.copyOf(notNull(attributes, "attributes"));
        }
    }

    record ReasoningPart(String text, String summary, OpaquePayload payload, Map<String, String> attributes) implements MessagePart {
        ReasoningPart {
            attributes = Map.copyOf(notNull(attributes, "attributes"));
        }
    }

    /** AssistantMessage.ToolCall. */
    record ToolCall(String id, String type, String name, String arguments) {
        ToolCall {
            String[] fields = {"id", "type", "name", "arguments"};
            String[] values = {id, type, name, arguments};
            for (int index = 0; index < fields.length; index++) {
                notNull(values[index], "toolCall." + fields[index]);
            }
        }
    }

    record ToolCallPart(ToolCall toolCall, OpaquePayload payload, Map<String, String> attributes) implements MessagePart {
        ToolCallPart {
            notNull(toolCall, "toolCall");
            attributes = Map.copyOf(notNull(attributes, "attributes"));
        }
    }

    record ToolResultPart(String id, String name, List<MessagePart> content, boolean isError, OpaquePayload payload,
            Map<String, String> attributes) implements MessagePart {
        ToolResultPart {
            content = List.copyOf(notNull(content, "content"));
            attributes = Map.copyOf(notNull(attributes, "attributes"));
        }
    }

    /** MediaPart's JSON form (its MediaDto), converted as Spring converts it to and from a Media. */
    record Media(String id, String mimeType, String name, String data, String dataKind) {
        private static final Pattern MIME_TYPE = Pattern.compile("[^\\s/;]+/[^\\s/;]+(;.*)?");

        Media {
            // MimeType.valueOf rejects what is not type/subtype[;parameters].
            if (mimeType == null || !MIME_TYPE.matcher(mimeType).matches()) {
                throw new IllegalArgumentException("media.mimeType " + mimeType + " is not a MIME type");
            }
            notNull(data, "media.data");
            switch (notNull(dataKind, "media.dataKind")) {
                // Read as the bytes they encode and written back as standard base64, as Media holds a byte[].
                case "bytes" -> data = Base64.getEncoder().encodeToString(Base64.getDecoder().decode(data));
                // Read as a URI (URI.create rejects what is not one) and written back as its text.
                case "url" -> data = URI.create(data).toString();
                case "string" -> { }
                default -> throw new IllegalArgumentException("media.dataKind " + dataKind + " is none of bytes, string, url");
            }
        }
    }

    record MediaPart(Media media, OpaquePayload payload, Map<String, String> attributes) implements MessagePart {
        MediaPart {
            notNull(media, "media");
            attributes = Map.copyOf(notNull(attributes, "attributes"));
        }
    }

    /** A block no adapter models, or a part of a later version (read by the deserializer below). */
    @JsonDeserialize(using = UnknownPartDeserializer.class)
    record UnknownPart(String provider, String kind, String rawJson, OpaquePayload payload, Map<String, String> attributes)
            implements MessagePart {
        static final String SPRING_AI_PROVIDER = "spring-ai";

        UnknownPart {
            hasText(provider, "provider");
            hasText(kind, "kind");
            notNull(rawJson, "rawJson");
            attributes = Map.copyOf(notNull(attributes, "attributes"));
        }
    }

    /** A node with its own rawJson is read back as is; a node of a foreign type is wrapped whole. */
    static final class UnknownPartDeserializer extends StdDeserializer<UnknownPart> {
        private static final long serialVersionUID = 1L;
        private static final TypeReference<Map<String, String>> ATTRIBUTES = new TypeReference<>() {
        };

        UnknownPartDeserializer() {
            super(UnknownPart.class);
        }

        @Override
        public UnknownPart deserialize(JsonParser parser, DeserializationContext context) throws IOException {
            JsonNode node = parser.readValueAsTree();
            if (!node.has("rawJson")) {
                return new UnknownPart(UnknownPart.SPRING_AI_PROVIDER, node.path("type").asText("unknown"), node.toString(), null, Map.of());
            }
            OpaquePayload payload = node.hasNonNull("payload") ? context.readTreeAsValue(node.get("payload"), OpaquePayload.class) : null;
            Map<String, String> attributes = node.hasNonNull("attributes")
                    ? context.readTreeAsValue(node.get("attributes"), context.getTypeFactory().constructType(ATTRIBUTES))
                    : Map.of();
            return new UnknownPart(node.path("provider").asText(UnknownPart.SPRING_AI_PROVIDER), node.path("kind").asText("unknown"),
                    node.path("rawJson").asText(""), payload, attributes);
        }
    }

    enum Role {
        system, user, assistant, tool
    }

    /** partwise's message around Spring's parts: the role, the parts in order, and metadata when there is some. */
    record Message(Role role, List<MessagePart> parts, @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, Object> metadata) {
        Message {
            notNull(role, "role");
            parts = List.copyOf(notNull(parts, "parts"));
        }
    }

    record History(String format, int version, List<Message> messages) {
        History {
            if (!"partwise.history".equals(format) || version != 1) {
                throw new IllegalArgumentException("not a partwise.history document of version 1");
            }
            messages = List.copyOf(notNull(messages, "messages"));
        }
    }
}
