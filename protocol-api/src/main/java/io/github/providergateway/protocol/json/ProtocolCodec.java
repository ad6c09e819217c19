package io.github.providergateway.protocol.json;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.core.util.ByteArrayBuilder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.GatewayMessage;
import io.github.providergateway.protocol.GatewayMessageType;
import io.github.providergateway.protocol.Limits;
import io.github.providergateway.protocol.Message;
import io.github.providergateway.protocol.ProviderMessage;
import io.github.providergateway.protocol.ProviderMessageType;
import io.github.providergateway.protocol.StreamEntry;
import io.github.providergateway.protocol.UnknownGatewayMessage;
import io.github.providergateway.protocol.UnknownProviderMessage;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Turns JSON text into message records and back.
 *
 * <p>Decoding never throws. Any text becomes a {@link DecodeResult}: a message record, an {@link
 * UnknownProviderMessage} / {@link UnknownGatewayMessage} for a {@code type} this library does not
 * know, or a {@link DecodeError} with the protocol error code to answer with:
 *
 * <ul>
 *   <li>{@code INVALID_JSON}: not JSON, not an object, {@code type} missing or not a string, a
 *       required field missing, or a field of the wrong JSON type (the detail names the field);
 *   <li>{@code UNSUPPORTED_VERSION}: a {@code hello} whose {@code protocolVersion} is missing or
 *       not an integer;
 *   <li>{@code PAYLOAD_TOO_LARGE}: with {@link #decodeProviderMessage(String, Limits)}, a text over
 *       its type's size limit.
 * </ul>
 *
 * <p>Unknown fields are ignored. Where it can, a failed decode still reports the message's {@code
 * type}, {@code id}, {@code callId}, {@code requestId} and {@code sessionId}, so the gateway can
 * correlate its answer. Parsing rejects nesting deeper than 1,000 levels and numbers longer than
 * 1,000 digits (Jackson's stream constraints), and trailing content after the object.
 *
 * <p>Instances are immutable and thread-safe; share one.
 */
public final class ProtocolCodec {

  private static final int MAX_DETAIL_CHARS = 300;

  private static final ProtocolCodec DEFAULT = new ProtocolCodec();

  /**
   * Parsers and generators. No {@code ObjectMapper}: trees are read and written by {@link
   * JsonTrees}, which keeps its 100-190 ms of start-up out of the gateway's (docs/performance.md).
   */
  private final JsonFactory factory;

  private ProtocolCodec() {
    this.factory =
        JsonFactory.builder()
            .streamReadConstraints(
                StreamReadConstraints.builder().maxNestingDepth(1000).maxNumberLength(1000).build())
            // Straight to UTF-8 (encodeUtf8), a character beyond U+FFFF is its four bytes, as
            // encode's text would become; Jackson's default escapes it as two \\u escapes.
            .enable(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8)
            .build();
  }

  /**
   * Data binding for the one case trees cannot cover: a {@code POJONode} holding a Java object
   * (only Java code makes one). Built on first use.
   */
  private static final class Binding {
    static final ObjectMapper MAPPER = JsonMapper.builder().build();
  }

  /** Writes a Java object held in a tree as data binding would. */
  static void writeBound(JsonGenerator g, Object value) throws IOException {
    Binding.MAPPER.writeValue(g, value);
  }

  /** Reads the whole of {@code text} as one JSON value (see {@link JsonTrees#read}). */
  private JsonNode readTree(String text) throws IOException {
    return readTree(text, JsonTrees.Bounds.NONE);
  }

  private JsonNode readTree(String text, JsonTrees.Bounds bounds) throws IOException {
    try (JsonParser parser = factory.createParser(text)) {
      return JsonTrees.read(parser, bounds);
    }
  }

  /** {@return the shared codec} */
  public static ProtocolCodec create() {
    return DEFAULT;
  }

  /**
   * Decodes a provider → gateway message. Never throws.
   *
   * @param text one message's JSON text
   * @return the message, or the error to answer it with
   */
  public DecodeResult<ProviderMessage, DecodeError> decodeProviderMessage(String text) {
    return decode(text, ProviderDirection.INSTANCE);
  }

  /**
   * Decodes a provider → gateway message after checking its size against {@code limits}: a text
   * over the largest limit is refused unread; a decoded message over its own type's limit (5 MB for
   * {@code tool.result}, 2 MB for the rest) is refused with its type and ids.
   *
   * @param text one message's JSON text
   * @param limits the size limits to check
   * @return the message, or the error to answer it with ({@code PAYLOAD_TOO_LARGE} for size)
   */
  public DecodeResult<ProviderMessage, DecodeError> decodeProviderMessage(
      String text, Limits limits) {
    requireNonNull(limits, "limits");
    if (text == null) {
      return decodeProviderMessage(null);
    }
    if (Utf8.exceeds(text, limits.messages().maxAnyMessageBytes())) {
      // Too large for any type: not decoded, only its leading fields peeked for correlation.
      return failed(
          peekIds(
              ErrorCode.PAYLOAD_TOO_LARGE,
              "message exceeds " + limits.messages().maxAnyMessageBytes() + " bytes",
              text));
    }
    // Nesting and tree size are bounded while the text is read: everything accepted can be
    // written back inside the gateway's own messages, and a few megabytes of `[{},{},…]` cannot
    // become a hundred megabytes of nodes.
    JsonTrees.Bounds bounds =
        new JsonTrees.Bounds(
            limits.messages().maxJsonDepth(), limits.messages().maxMessageTreeBytes());
    DecodeResult<ProviderMessage, DecodeError> result =
        decode(text, ProviderDirection.INSTANCE, bounds);
    int smallest =
        Math.min(limits.messages().maxMessageBytes(), limits.messages().maxToolResultBytes());
    if (!Utf8.exceeds(text, smallest)) {
      return result; // the common case: under every limit
    }
    ProviderMessageType type = typeOf(result);
    // A text whose type cannot be read is held to the limit of ordinary messages.
    int limit =
        type == null ? limits.messages().maxMessageBytes() : limits.messages().maxBytesFor(type);
    if (Utf8.exceeds(text, limit)) {
      String name =
          type == null || type == ProviderMessageType.UNKNOWN ? "message" : type.wireName();
      return failed(
          peekIds(ErrorCode.PAYLOAD_TOO_LARGE, name + " exceeds " + limit + " bytes", text));
    }
    return result;
  }

  /**
   * An error carrying whatever top-level string fields ({@code type}, {@code id}, {@code callId},
   * {@code requestId}, {@code sessionId}) can be read from the start of {@code text}, streaming
   * over everything else without building it.
   */
  private DecodeError peekIds(ErrorCode code, String detail, String text) {
    Map<String, String> ids = new java.util.HashMap<>();
    try (JsonParser parser = factory.createParser(text)) {
      if (parser.nextToken() == JsonToken.START_OBJECT) {
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
          String field = parser.currentName();
          if (parser.nextToken() == JsonToken.VALUE_STRING) {
            ids.putIfAbsent(field, parser.getText());
          } else {
            parser.skipChildren();
          }
        }
      }
    } catch (IOException | RuntimeException unreadable) {
      // Keep whatever was read before the text stopped being JSON.
    }
    return new DecodeError(
        code,
        cap(detail),
        ids.get("type"),
        ids.get("id"),
        ids.get("callId"),
        ids.get("requestId"),
        ids.get("sessionId"));
  }

  private static ProviderMessageType typeOf(DecodeResult<ProviderMessage, DecodeError> result) {
    if (result.isDecoded()) {
      return result.messageOrNull().type();
    }
    String wire = result.errorOrNull().type();
    return wire == null ? null : ProviderMessageType.fromWire(wire);
  }

  /**
   * Decodes a gateway → provider message (what a Java provider receives). Never throws.
   *
   * @param text one message's JSON text
   * @return the message, or what was wrong with the text
   */
  public DecodeResult<GatewayMessage, DecodeError> decodeGatewayMessage(String text) {
    return decode(text, GatewayDirection.INSTANCE);
  }

  /**
   * The JSON text of {@code message}.
   *
   * @param message a message of either direction
   * @return its compact JSON text, {@code type} first, absent optional fields left out
   */
  public String encode(Message message) {
    requireNonNull(message, "message");
    StringWriter out = new StringWriter(128);
    try (JsonGenerator g = factory.createGenerator(out)) {
      write(g, message);
    } catch (IOException e) {
      throw new UncheckedIOException("writing to a string cannot fail", e);
    }
    return out.toString();
  }

  /**
   * The JSON text of {@code message} as UTF-8, written straight to bytes: what a transport sends,
   * without a string in between. The bytes are {@code encode(message)}'s in UTF-8, except that a
   * lone surrogate (which UTF-8 cannot hold) stays a {@code \\uD800} escape rather than becoming
   * {@code ?}.
   *
   * @param message a message of either direction
   * @return its compact JSON text in UTF-8
   */
  public byte[] encodeUtf8(Message message) {
    requireNonNull(message, "message");
    ByteArrayBuilder out = new ByteArrayBuilder(256);
    try (JsonGenerator g = factory.createGenerator(out, JsonEncoding.UTF8)) {
      write(g, message);
    } catch (IOException e) {
      throw new UncheckedIOException("writing to memory cannot fail", e);
    }
    return out.toByteArray();
  }

  private static void write(JsonGenerator g, Message message) throws IOException {
    if (message instanceof ProviderMessage provider) {
      MessageEncoder.write(g, provider);
    } else {
      MessageEncoder.write(g, (GatewayMessage) message);
    }
  }

  /**
   * Parses {@code text} as any JSON value, for opaque values such as tool arguments.
   *
   * @param text JSON text
   * @return the value
   * @throws IllegalArgumentException when {@code text} is not valid JSON
   */
  public JsonNode parseJson(String text) {
    try {
      if (text == null) {
        throw new IllegalArgumentException("not valid JSON: the text is null");
      }
      return readTree(text);
    } catch (JacksonException e) {
      throw new IllegalArgumentException("not valid JSON: " + e.getOriginalMessage(), e);
    } catch (IOException e) {
      throw new UncheckedIOException("reading a string cannot fail", e);
    }
  }

  /**
   * The compact JSON text of any value.
   *
   * @param value the value
   * @return its JSON text, one line
   */
  public String writeJson(JsonNode value) {
    StringWriter out = new StringWriter(64);
    try (JsonGenerator g = factory.createGenerator(out)) {
      JsonTrees.write(g, value);
    } catch (JacksonException e) {
      throw new IllegalStateException("a JSON tree always serializes", e);
    } catch (IOException e) {
      throw new UncheckedIOException("writing to a string cannot fail", e);
    }
    return out.toString();
  }

  /**
   * The {@code streams} of a {@code stream.history} as a JSON object: stream name → entries {@code
   * {ts, event, level?, metadata?}}, newest first, exactly as the provider protocol writes them.
   * The host protocol's {@code stream.query} reply carries the same shape.
   *
   * @param streams each stream's name → its entries, newest first
   * @return a new object
   */
  public ObjectNode streamsToJson(Map<String, List<StreamEntry>> streams) {
    requireNonNull(streams, "streams");
    StringWriter out = new StringWriter(256);
    try (JsonGenerator g = factory.createGenerator(out)) {
      Shapes.writeStreams(g, streams);
    } catch (IOException e) {
      throw new UncheckedIOException("writing to a string cannot fail", e);
    }
    return (ObjectNode) parseJson(out.toString());
  }

  /**
   * Reads a {@code streams} object as {@link #streamsToJson} writes it.
   *
   * @param streams the object
   * @return each stream's name → its entries, in the object's order
   * @throws FieldException naming the entry and field at fault
   */
  public Map<String, List<StreamEntry>> streamsFromJson(ObjectNode streams) {
    return Shapes.streams(Fields.of(requireNonNull(streams, "streams"), "streams"));
  }

  /** {@return which record class stands for each provider message type (unknown excluded)} */
  public static Map<ProviderMessageType, Class<? extends ProviderMessage>> providerRecordTypes() {
    Map<ProviderMessageType, Class<? extends ProviderMessage>> types =
        new EnumMap<>(ProviderMessageType.class);
    ProviderMessageDecoders.TABLE.forEach((type, entry) -> types.put(type, entry.recordType()));
    return Collections.unmodifiableMap(types);
  }

  /** {@return which record class stands for each gateway message type (unknown excluded)} */
  public static Map<GatewayMessageType, Class<? extends GatewayMessage>> gatewayRecordTypes() {
    Map<GatewayMessageType, Class<? extends GatewayMessage>> types =
        new EnumMap<>(GatewayMessageType.class);
    GatewayMessageDecoders.TABLE.forEach((type, entry) -> types.put(type, entry.recordType()));
    return Collections.unmodifiableMap(types);
  }

  // ---- decoding, shared by both directions ----

  /** What differs between decoding provider and gateway messages. */
  private interface Direction<M extends Message> {
    Function<Fields, ? extends M> decoderFor(String wireType);

    M unknown(String wireType, ObjectNode json);
  }

  private enum ProviderDirection implements Direction<ProviderMessage> {
    INSTANCE;

    @Override
    public Function<Fields, ProviderMessage> decoderFor(String wireType) {
      ProviderMessageDecoders.Entry entry =
          ProviderMessageDecoders.TABLE.get(ProviderMessageType.fromWire(wireType));
      return entry == null ? null : entry.decoder();
    }

    @Override
    public ProviderMessage unknown(String wireType, ObjectNode json) {
      return new UnknownProviderMessage(wireType, json);
    }
  }

  private enum GatewayDirection implements Direction<GatewayMessage> {
    INSTANCE;

    @Override
    public Function<Fields, GatewayMessage> decoderFor(String wireType) {
      GatewayMessageDecoders.Entry entry =
          GatewayMessageDecoders.TABLE.get(GatewayMessageType.fromWire(wireType));
      return entry == null ? null : entry.decoder();
    }

    @Override
    public GatewayMessage unknown(String wireType, ObjectNode json) {
      return new UnknownGatewayMessage(wireType, json);
    }
  }

  private <M extends Message> DecodeResult<M, DecodeError> decode(
      String text, Direction<M> direction) {
    return decode(text, direction, JsonTrees.Bounds.NONE);
  }

  private <M extends Message> DecodeResult<M, DecodeError> decode(
      String text, Direction<M> direction, JsonTrees.Bounds bounds) {
    if (text == null) {
      return failed(DecodeError.unreadable(ErrorCode.INVALID_JSON, "message is null"));
    }
    JsonNode tree;
    try {
      tree = readTree(text, bounds);
    } catch (JsonTrees.TooLarge e) {
      return failed(peekIds(ErrorCode.PAYLOAD_TOO_LARGE, e.getOriginalMessage(), text));
    } catch (JsonTrees.TooDeep e) {
      return failed(peekIds(ErrorCode.INVALID_JSON, e.getOriginalMessage(), text));
    } catch (JacksonException e) {
      return failed(
          DecodeError.unreadable(
              ErrorCode.INVALID_JSON, cap("not valid JSON: " + e.getOriginalMessage())));
    } catch (IOException | RuntimeException e) {
      // Jackson documents only JacksonException, but this is untrusted input and the codec
      // promises never to throw.
      return failed(DecodeError.unreadable(ErrorCode.INVALID_JSON, cap("not valid JSON: " + e)));
    }
    if (tree == null || !tree.isObject()) {
      return failed(
          DecodeError.unreadable(ErrorCode.INVALID_JSON, "a message must be a JSON object"));
    }
    ObjectNode json = (ObjectNode) tree;
    JsonNode type = json.get("type");
    if (type == null || !type.isTextual()) {
      return failed(withIds(ErrorCode.INVALID_JSON, "type is required and must be a string", json));
    }
    String wireType = type.textValue();
    Function<Fields, ? extends M> decoder = direction.decoderFor(wireType);
    if (decoder == null) {
      return new DecodeResult.Decoded<>(direction.unknown(wireType, json));
    }
    try {
      return new DecodeResult.Decoded<>(decoder.apply(Fields.of(json)));
    } catch (FieldException e) {
      return failed(withIds(e.code(), e.getMessage(), json));
    } catch (IllegalArgumentException | NullPointerException e) {
      // A record's compact constructor refused a value the JSON types allowed.
      return failed(withIds(ErrorCode.INVALID_JSON, wireType + ": " + e.getMessage(), json));
    } catch (RuntimeException e) {
      return failed(withIds(ErrorCode.INVALID_JSON, wireType + ": unreadable (" + e + ")", json));
    }
  }

  private static <M extends Message> DecodeResult<M, DecodeError> failed(DecodeError error) {
    return new DecodeResult.Failed<>(error);
  }

  private static DecodeError withIds(ErrorCode code, String detail, ObjectNode json) {
    return new DecodeError(
        code,
        cap(detail),
        text(json, "type"),
        text(json, "id"),
        text(json, "callId"),
        text(json, "requestId"),
        text(json, "sessionId"));
  }

  private static String text(ObjectNode json, String field) {
    if (json == null) {
      return null;
    }
    JsonNode value = json.get(field);
    return value != null && value.isTextual() ? value.textValue() : null;
  }

  private static String cap(String detail) {
    String text = String.valueOf(detail);
    return text.length() <= MAX_DETAIL_CHARS ? text : text.substring(0, MAX_DETAIL_CHARS) + "…";
  }
}
