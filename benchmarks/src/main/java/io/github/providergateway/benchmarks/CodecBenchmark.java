package io.github.providergateway.benchmarks;

import io.github.providergateway.protocol.Limits;
import io.github.providergateway.protocol.Message;
import io.github.providergateway.protocol.json.DecodeError;
import io.github.providergateway.protocol.json.DecodeResult;
import io.github.providergateway.protocol.json.ProtocolCodec;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@link ProtocolCodec} per message family: tool calls ({@code tool.call}, {@code tool.result}),
 * registration ({@code hello} with 10 tools, {@code hello.ack}, {@code sessions}), hooks ({@code
 * gate.check}, {@code gate.result}), events ({@code push}, {@code session.event}) and {@code
 * error}. Decoding includes the size check the WebSocket transport runs; encoding writes the text
 * the transport sends.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class CodecBenchmark {

  private static final ProtocolCodec CODEC = ProtocolCodec.create();
  private static final Limits LIMITS = Limits.defaults();

  /** Sample texts by wire type, as the gateway and the load providers write them. */
  static final Map<String, String> SAMPLES =
      Map.ofEntries(
          Map.entry(
              "tool.call",
              "{\"type\":\"tool.call\",\"id\":\"call-1a2b3c4d-12345\",\"sessionId\":\"s-1a2b3c4d-1\","
                  + "\"tool\":\"echo_0\",\"args\":{\"text\":\"hello from the load driver\",\"n\":42}}"),
          Map.entry(
              "tool.result",
              "{\"type\":\"tool.result\",\"id\":\"call-1a2b3c4d-12345\","
                  + "\"data\":{\"text\":\"hello from the load driver\",\"n\":42}}"),
          Map.entry("hello", hello(10)),
          Map.entry(
              "hello.ack",
              "{\"type\":\"hello.ack\",\"protocolVersion\":2,\"providerId\":\"p-8f3a\","
                  + "\"reconnectToken\":\"tok-0123456789abcdef0123456789abcdef\","
                  + "\"persistDir\":\"/home/user/.provider-gateway/providers/bench/\"}"),
          Map.entry(
              "sessions",
              "{\"type\":\"sessions\",\"active\":[{\"id\":\"abc123\",\"label\":\"PR #42 review\","
                  + "\"cwd\":\"/code/foo\"},{\"id\":\"def456\",\"label\":\"feature/auth\",\"cwd\":\"/code/bar\"}]}"),
          Map.entry(
              "gate.check",
              "{\"type\":\"gate.check\",\"gateId\":\"check-before-push\",\"callId\":\"gate-456\","
                  + "\"sessionId\":\"abc123\",\"tool\":\"shell\",\"args\":{\"command\":\"git push origin main\"}}"),
          Map.entry(
              "gate.result",
              "{\"type\":\"gate.result\",\"gateId\":\"check-before-push\",\"callId\":\"gate-456\","
                  + "\"decision\":\"deny\",\"reason\":\"CI is failing on this branch. Fix tests first.\"}"),
          Map.entry(
              "push",
              "{\"type\":\"push\",\"stream\":\"ci-watch\",\"event\":\"CI failed on test/auth.spec.ts\","
                  + "\"level\":\"inject\",\"metadata\":{\"kind\":\"ci-failure\",\"runId\":12345}}"),
          Map.entry(
              "session.event",
              "{\"type\":\"session.event\",\"sessionId\":\"abc123\",\"event\":\"user.message\","
                  + "\"data\":{\"content\":\"fix the auth bug\"}}"),
          Map.entry(
              "error",
              "{\"type\":\"error\",\"code\":\"TOOL_CONFLICT\",\"message\":\"Tool 'echo_0' already "
                  + "registered by provider 'bench-provider-0'\",\"replyTo\":\"hello\",\"sessionId\":\"abc123\"}"));

  /** Messages the gateway receives; the others it sends. */
  private static final java.util.Set<String> FROM_PROVIDERS =
      java.util.Set.of("tool.result", "hello", "gate.result", "push");

  @Param({
    "tool.call",
    "tool.result",
    "hello",
    "hello.ack",
    "sessions",
    "gate.check",
    "gate.result",
    "push",
    "session.event",
    "error"
  })
  public String type;

  private String text;
  private boolean fromProvider;
  private Message record;

  @Setup
  public void setUp() {
    text = SAMPLES.get(type);
    fromProvider = FROM_PROVIDERS.contains(type);
    DecodeResult<? extends Message, DecodeError> decoded = decode();
    if (!decoded.isDecoded()) {
      throw new IllegalStateException(type + " sample does not decode: " + decoded.errorOrNull());
    }
    record = decoded.messageOrNull();
  }

  @Benchmark
  public DecodeResult<? extends Message, DecodeError> decode() {
    return fromProvider
        ? CODEC.decodeProviderMessage(text, LIMITS)
        : CODEC.decodeGatewayMessage(text);
  }

  @Benchmark
  public String encode() {
    return CODEC.encode(record);
  }

  /** A {@code hello} with {@code tools} tools, each with a small object schema. */
  static String hello(int tools) {
    StringBuilder b =
        new StringBuilder(
            "{\"type\":\"hello\",\"name\":\"bench-provider\",\"protocolVersion\":2,"
                + "\"session\":\"s-1a2b3c4d-1\",\"tools\":[");
    for (int i = 0; i < tools; i++) {
      if (i > 0) {
        b.append(',');
      }
      b.append("{\"name\":\"tool_")
          .append(i)
          .append(
              "\",\"description\":\"Echo the arguments back\",\"parameters\":{\"type\":\"object\","
                  + "\"properties\":{\"text\":{\"type\":\"string\"},\"n\":{\"type\":\"number\"}}}}");
    }
    return b.append("]}").toString();
  }
}
