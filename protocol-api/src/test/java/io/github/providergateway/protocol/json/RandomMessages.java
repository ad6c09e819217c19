package io.github.providergateway.protocol.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BigIntegerNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.github.providergateway.protocol.Ack;
import io.github.providergateway.protocol.Auth;
import io.github.providergateway.protocol.AuthConfirm;
import io.github.providergateway.protocol.AuthPairing;
import io.github.providergateway.protocol.CancelReason;
import io.github.providergateway.protocol.Concurrency;
import io.github.providergateway.protocol.ConcurrencyScope;
import io.github.providergateway.protocol.ContextUpdate;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.FileRef;
import io.github.providergateway.protocol.FilterOutcome;
import io.github.providergateway.protocol.FilterRule;
import io.github.providergateway.protocol.FilterSet;
import io.github.providergateway.protocol.GateCheck;
import io.github.providergateway.protocol.GateDecision;
import io.github.providergateway.protocol.GateResult;
import io.github.providergateway.protocol.GatewayMessage;
import io.github.providergateway.protocol.GatewayMessageType;
import io.github.providergateway.protocol.Goodbye;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.HookAction;
import io.github.providergateway.protocol.HookMatch;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.Hooks;
import io.github.providergateway.protocol.HooksUpdate;
import io.github.providergateway.protocol.LifecycleState;
import io.github.providergateway.protocol.ProviderMessage;
import io.github.providergateway.protocol.ProviderMessageType;
import io.github.providergateway.protocol.Push;
import io.github.providergateway.protocol.PushLevel;
import io.github.providergateway.protocol.SessionEvent;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.SessionLifecycle;
import io.github.providergateway.protocol.SessionOpener;
import io.github.providergateway.protocol.SessionReady;
import io.github.providergateway.protocol.SessionSelector;
import io.github.providergateway.protocol.Sessions;
import io.github.providergateway.protocol.SessionsUpdated;
import io.github.providergateway.protocol.ShutdownReady;
import io.github.providergateway.protocol.StreamEntry;
import io.github.providergateway.protocol.StreamHistory;
import io.github.providergateway.protocol.StreamQuery;
import io.github.providergateway.protocol.ToolAnnotations;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolCancel;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.ToolErrorCode;
import io.github.providergateway.protocol.ToolProgress;
import io.github.providergateway.protocol.ToolResult;
import io.github.providergateway.protocol.ToolsUpdate;
import io.github.providergateway.protocol.TransformAction;
import io.github.providergateway.protocol.TransformRequest;
import io.github.providergateway.protocol.TransformResult;
import io.github.providergateway.protocol.TransformRule;
import io.github.providergateway.protocol.UnknownGatewayMessage;
import io.github.providergateway.protocol.UnknownProviderMessage;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * A seeded generator of valid message records of every type, in both directions, for property
 * tests. Every optional field is present or absent at random; strings mix ASCII, control
 * characters, quotes, backslashes, non-ASCII, U+2028/2029, emoji and (optionally) lone surrogates;
 * opaque values are random JSON trees of the node types Jackson itself produces when parsing (int,
 * long, big integer, finite double, string, boolean, null, arrays, objects).
 */
final class RandomMessages {

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final char[] SPECIAL = {
    '"', '\\', '/', '\b', '\f', '\n', '\r', '\t', '\u0000', '\u001f', '\u007f', 'é', '日', '\u2028',
    '\u2029', '\ufeff', '\uffff', '{', '}', '[', ']', ':', ','
  };

  private final SplittableRandom random;
  private final boolean loneSurrogates;

  RandomMessages(long seed, boolean loneSurrogates) {
    this.random = new SplittableRandom(seed);
    this.loneSurrogates = loneSurrogates;
  }

  // ---- primitives ----

  boolean coin() {
    return random.nextBoolean();
  }

  int nextInt(int bound) {
    return random.nextInt(bound);
  }

  /** {@code value.get()} or {@code null}, evenly. */
  <T> T maybe(Supplier<T> value) {
    return coin() ? value.get() : null;
  }

  /** A string of 0–12 characters drawn from every awkward class. */
  String string() {
    int length = random.nextInt(13);
    StringBuilder s = new StringBuilder(length * 2);
    for (int i = 0; i < length; i++) {
      switch (random.nextInt(loneSurrogates ? 8 : 7)) {
        case 0, 1 -> s.append((char) (0x20 + random.nextInt(0x5f)));
        case 2 -> s.append((char) random.nextInt(0x20));
        case 3 -> s.append(SPECIAL[random.nextInt(SPECIAL.length)]);
        case 4 -> s.appendCodePoint(0x1F300 + random.nextInt(0x300)); // emoji: a surrogate pair
        case 5 -> s.appendCodePoint(0x10000 + random.nextInt(0x100000));
        case 6 -> {
          char c = (char) (0x80 + random.nextInt(0xff80));
          s.append(Character.isSurrogate(c) ? 'x' : c);
        }
        default -> s.append((char) (0xD800 + random.nextInt(0x800))); // lone surrogate
      }
    }
    return s.toString();
  }

  String nonEmpty() {
    String s = string();
    return s.isEmpty() ? "x" : s;
  }

  String maybeString() {
    return maybe(this::string);
  }

  String maybeNonEmpty() {
    return maybe(this::nonEmpty);
  }

  <E extends Enum<E>> E pick(Class<E> type) {
    E[] values = type.getEnumConstants();
    return values[random.nextInt(values.length)];
  }

  <T> List<T> list(int max, Supplier<T> element) {
    int n = random.nextInt(max + 1);
    List<T> list = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      list.add(element.get());
    }
    return list;
  }

  // ---- JSON ----

  /** Any JSON value, JSON null included. */
  JsonNode json(int depth) {
    int kinds = depth <= 0 ? 7 : 9;
    return switch (random.nextInt(kinds)) {
      case 0 -> IntNode.valueOf(random.nextInt());
      case 1 -> LongNode.valueOf(longOutsideInt());
      case 2 -> DoubleNode.valueOf(finiteDouble());
      case 3 ->
          new BigIntegerNode(
              new BigInteger(64 + random.nextInt(100), new Random(random.nextLong()))
                  .add(BigInteger.valueOf(Long.MAX_VALUE))
                  .add(BigInteger.TWO)
                  .multiply(BigInteger.valueOf(coin() ? 1 : -1)));
      case 4 -> TextNode.valueOf(string());
      case 5 -> BooleanNode.valueOf(coin());
      case 6 -> NullNode.getInstance();
      case 7 -> array(depth - 1);
      default -> object(depth - 1);
    };
  }

  /** Any JSON value but null, for fields where null means absent. */
  JsonNode nonNullJson(int depth) {
    JsonNode node = json(depth);
    return node.isNull() ? TextNode.valueOf("was null") : node;
  }

  ObjectNode object(int depth) {
    ObjectNode node = NODES.objectNode();
    int n = random.nextInt(5);
    for (int i = 0; i < n; i++) {
      node.set(string(), json(depth));
    }
    return node;
  }

  ArrayNode array(int depth) {
    ArrayNode node = NODES.arrayNode();
    int n = random.nextInt(5);
    for (int i = 0; i < n; i++) {
      node.add(json(depth));
    }
    return node;
  }

  private long longOutsideInt() {
    long value = random.nextLong();
    if (value >= Integer.MIN_VALUE && value <= Integer.MAX_VALUE) {
      value += (value < 0 ? -1L : 1L) << 40;
    }
    return value;
  }

  private double finiteDouble() {
    return switch (random.nextInt(4)) {
      case 0 -> random.nextDouble() * 1000 - 500;
      case 1 -> (double) random.nextInt(1000);
      case 2 -> -0.0;
      default -> {
        double d = Double.longBitsToDouble(random.nextLong());
        yield Double.isFinite(d) ? d : 1.5e-7;
      }
    };
  }

  // ---- shared shapes ----

  ToolDefinition tool() {
    return new ToolDefinition(
        nonEmpty(),
        string(),
        object(2),
        maybe(() -> Duration.ofMillis(1 + random.nextInt(600_000))),
        maybe(this::annotations));
  }

  /** Hints with at least one declared: an object of none reads as none. */
  private ToolAnnotations annotations() {
    return new ToolAnnotations(coin(), maybe(this::coin), maybe(this::coin), maybe(this::coin));
  }

  HookRule hookRule() {
    HookAction action = pick(HookAction.class);
    HookMatch match =
        maybe(() -> new HookMatch(maybeString(), maybeString(), maybeString(), maybeString()));
    return new HookRule(
        match,
        action,
        maybeString(),
        action == HookAction.CONTEXT ? string() : maybeString(),
        action == HookAction.GATE ? nonEmpty() : maybeNonEmpty(),
        maybe(this::coin));
  }

  TransformRule transformRule() {
    TransformAction action = pick(TransformAction.class);
    return new TransformRule(action, action == TransformAction.CALLBACK ? null : string());
  }

  Hooks hooks() {
    Map<String, Optional<TransformRule>> transforms =
        maybe(
            () -> {
              Map<String, Optional<TransformRule>> map = new LinkedHashMap<>();
              int n = random.nextInt(4);
              for (int i = 0; i < n; i++) {
                map.put(string(), coin() ? Optional.of(transformRule()) : Optional.empty());
              }
              return map;
            });
    return new Hooks(maybe(() -> list(3, this::hookRule)), transforms);
  }

  SessionInfo sessionInfo() {
    // openedBy as the gateway sends it: a kind, or absent for the host's own session.
    return new SessionInfo(
        nonEmpty(),
        maybeString(),
        maybeString(),
        maybe(this::coin),
        maybe(() -> coin() ? SessionOpener.AGENT.wireName() : SessionOpener.CLIENT.wireName()));
  }

  StreamEntry streamEntry() {
    Instant ts =
        Instant.ofEpochSecond(
            random.nextLong(-2_000_000_000L, 4_000_000_000L), random.nextInt(1_000_000_000));
    return new StreamEntry(
        ts, string(), maybe(() -> pick(PushLevel.class)), maybe(() -> object(2)));
  }

  private String sessionId() {
    String s = nonEmpty();
    return s.equals("all") ? "all-but-not" : s;
  }

  private String unknownWireText(Predicate<String> known) {
    String s = string();
    return known.test(s) ? s + "?" : s;
  }

  // ---- provider messages ----

  private GateResult gateResult() {
    GateDecision decision = pick(GateDecision.class);
    java.time.Duration askTimeout =
        decision == GateDecision.ASK && coin()
            ? java.time.Duration.ofMillis(1 + random.nextInt(300_000))
            : null;
    return new GateResult(
        maybeString(), nonEmpty(), decision, maybeString(), maybe(() -> object(2)), askTimeout);
  }

  ProviderMessage provider(ProviderMessageType type) {
    return switch (type) {
      case AUTH -> coin() ? Auth.withToken(nonEmpty()) : Auth.pair();
      case AUTH_CONFIRM -> new AuthConfirm(string());
      case HELLO -> hello();
      case GOODBYE -> new Goodbye(maybeString());
      case SESSION_READY -> new SessionReady(nonEmpty());
      case TOOL_RESULT -> toolResult();
      case TOOL_PROGRESS -> new ToolProgress(nonEmpty(), string());
      case GATE_RESULT -> gateResult();
      case TRANSFORM_RESULT -> new TransformResult(nonEmpty(), string());
      case PUSH -> push();
      case TOOLS_UPDATE -> toolsUpdate();
      case HOOKS_UPDATE -> new HooksUpdate(maybeString(), maybeString(), hooks());
      case CONTEXT_UPDATE -> new ContextUpdate(maybeString(), maybeString(), string());
      case FILTER_SET ->
          new FilterSet(
              maybeString(),
              maybeString(),
              maybeNonEmpty(),
              list(4, () -> new FilterRule(string(), pick(FilterOutcome.class))));
      case STREAM_QUERY ->
          new StreamQuery(
              nonEmpty(),
              maybeString(),
              list(4, this::nonEmpty),
              maybe(() -> random.nextInt(Integer.MAX_VALUE)));
      case SHUTDOWN_READY -> new ShutdownReady(maybeString());
      case UNKNOWN -> {
        String wireType =
            unknownWireText(s -> ProviderMessageType.fromWire(s) != ProviderMessageType.UNKNOWN);
        ObjectNode json = object(2);
        json.put("type", wireType);
        yield new UnknownProviderMessage(wireType, json);
      }
    };
  }

  private Hello hello() {
    SessionSelector session =
        switch (random.nextInt(3)) {
          case 0 -> null;
          case 1 -> SessionSelector.All.INSTANCE;
          default -> SessionSelector.of(sessionId());
        };
    return new Hello(
        nonEmpty(),
        random.nextInt(),
        session,
        maybeNonEmpty(),
        maybeString(),
        maybeString(),
        maybe(() -> object(2)),
        maybe(() -> list(3, this::tool)),
        maybe(this::hooks),
        maybe(() -> list(3, this::nonEmpty)),
        maybeString(),
        maybe(
            () ->
                new Concurrency(
                    1 + random.nextInt(Integer.MAX_VALUE - 1),
                    maybe(() -> pick(ConcurrencyScope.class)))),
        maybe(() -> list(3, this::nonEmpty)));
  }

  private ToolResult toolResult() {
    ToolErrorCode code = maybe(() -> pick(ToolErrorCode.class));
    String raw =
        code == ToolErrorCode.UNKNOWN
            ? unknownWireText(s -> ToolErrorCode.fromWire(s) != ToolErrorCode.UNKNOWN)
            : null;
    FileRef file =
        maybe(
            () ->
                new FileRef(
                    nonEmpty(),
                    nonEmpty(),
                    maybe(() -> random.nextLong(0, Long.MAX_VALUE)),
                    maybe(() -> Duration.ofSeconds(random.nextLong(0, 1L << 40)))));
    return new ToolResult(
        nonEmpty(), maybe(() -> json(3)), maybeString(), code, maybe(this::coin), file, raw);
  }

  private Push push() {
    String prompt = maybeString();
    String event = prompt == null ? nonEmpty() : maybeNonEmpty();
    return new Push(
        maybeNonEmpty(),
        maybeString(),
        event,
        prompt,
        pick(PushLevel.class),
        maybe(() -> object(2)),
        maybe(this::coin));
  }

  private ToolsUpdate toolsUpdate() {
    List<ToolDefinition> tools = maybe(() -> list(3, this::tool));
    List<String> remove =
        tools == null ? list(3, this::string) : maybe(() -> list(3, this::string));
    return new ToolsUpdate(maybeString(), maybeString(), tools, remove);
  }

  // ---- gateway messages ----

  GatewayMessage gateway(GatewayMessageType type) {
    return switch (type) {
      case AUTH_PAIRING -> new AuthPairing(string());
      case SESSIONS -> new Sessions(maybeString(), list(3, this::sessionInfo));
      case SESSIONS_UPDATED -> new SessionsUpdated(list(3, this::sessionInfo));
      case HELLO_ACK ->
          new HelloAck(
              random.nextInt(),
              nonEmpty(),
              maybeString(),
              maybeString(),
              maybeString(),
              maybe(() -> list(3, this::nonEmpty)));
      case ACK -> new Ack(string(), nonEmpty(), random.nextLong());
      case ERROR -> {
        ErrorCode code = pick(ErrorCode.class);
        String raw =
            code == ErrorCode.UNKNOWN
                ? unknownWireText(s -> ErrorCode.fromWire(s) != ErrorCode.UNKNOWN)
                : null;
        yield new ErrorMessage(
            code, string(), maybeString(), maybeString(), maybeString(), maybeString(), raw);
      }
      case TOOL_CALL -> new ToolCall(nonEmpty(), nonEmpty(), nonEmpty(), nonNullJson(3));
      case TOOL_CANCEL ->
          new ToolCancel(nonEmpty(), nonEmpty(), maybe(() -> pick(CancelReason.class)));
      case GATE_CHECK ->
          new GateCheck(nonEmpty(), nonEmpty(), nonEmpty(), nonEmpty(), nonNullJson(3));
      case TRANSFORM_REQUEST -> new TransformRequest(nonEmpty(), nonEmpty(), nonEmpty(), string());
      case SESSION_EVENT -> new SessionEvent(nonEmpty(), nonEmpty(), nonNullJson(3));
      case SESSION_LIFECYCLE ->
          new SessionLifecycle(
              nonEmpty(),
              pick(LifecycleState.class),
              maybe(() -> Duration.ofMillis(random.nextLong(0, 1L << 40))));
      case STREAM_HISTORY -> {
        Map<String, List<StreamEntry>> streams = new LinkedHashMap<>();
        int n = random.nextInt(4);
        for (int i = 0; i < n; i++) {
          streams.put(string(), list(3, this::streamEntry));
        }
        yield new StreamHistory(nonEmpty(), streams);
      }
      case UNKNOWN -> {
        String wireType =
            unknownWireText(s -> GatewayMessageType.fromWire(s) != GatewayMessageType.UNKNOWN);
        ObjectNode json = object(2);
        json.put("type", wireType);
        yield new UnknownGatewayMessage(wireType, json);
      }
    };
  }
}
