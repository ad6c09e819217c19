package io.github.providergateway.protocol.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Fuzzing the host codec as {@code CodecFuzzTest} fuzzes the provider codec: whatever text
 * arrives, both decoders return exactly one of a value or an error and never throw. The seed is
 * fixed ({@code -Dprotocol.seed=N} explores others) and named in every assertion.
 */
class HostCodecFuzzTest {

  private static final long SEED = Long.getLong("protocol.seed", 0x4057_2026L);
  private static final HostCodec CODEC = HostCodec.create();
  private static final String JSONISH = "{}[]\":,0123456789.eE+-truefalsnl \\/u\t\n\u00e9\ud83d\ude00\ud800";

  private static final List<String> CORPUS =
      List.of(
          "{\"id\":1,\"cmd\":\"session.start\",\"label\":\"x\",\"cwd\":\"/c\",\"hostTools\":[\"a\"]}",
          "{\"id\":\"c\",\"cmd\":\"tool.call\",\"sessionId\":\"s\",\"tool\":\"g\",\"args\":{\"n\":[1,2]},\"timeoutMs\":20}",
          "{\"cmd\":\"prompt\",\"sessionId\":\"s\",\"sections\":{\"a\":\"b\"}}",
          "{\"cmd\":\"stream.query\",\"sessionId\":\"s\",\"streams\":[\"a@b\"],\"last\":3}",
          "{\"cmd\":\"host.auth\",\"token\":\"t\",\"reclaimToken\":\"r\",\"observer\":true}",
          "{\"id\":1,\"ok\":true,\"sessions\":[{\"id\":\"s\",\"label\":null,\"cwd\":null}]}",
          "{\"ok\":false,\"error\":{\"code\":\"INVALID_SESSION\",\"message\":\"m\"}}",
          "{\"event\":\"provider.connected\",\"providerId\":\"p\",\"name\":\"n\",\"instance\":null}",
          "{\"event\":\"gateway.started\",\"port\":1,\"url\":\"u\",\"tokenFile\":\"f\",\"protocolVersion\":2}");

  private static void assertDecodes(String text, String context) {
    assertThatCode(
            () -> {
              HostDecodeResult<HostCommand> command = CODEC.decodeCommand(text);
              assertThat(command.valueOrNull() == null).as(context).isNotEqualTo(command.errorOrNull() == null);
              HostDecodeResult<HostOutput> output = CODEC.decodeOutput(text);
              assertThat(output.valueOrNull() == null).as(context).isNotEqualTo(output.errorOrNull() == null);
              if (command.isDecoded()) {
                // What decodes re-encodes, and that encoding is stable (an id of 1e400 is
                // Infinity to a double, so the first trip may normalize; the second may not).
                String once = CODEC.encode(command.valueOrNull());
                HostCommand again = CODEC.decodeCommand(once).valueOrNull();
                assertThat(again).as(context).isNotNull();
                assertThat(CODEC.encode(again)).as(context).isEqualTo(once);
              }
            })
        .as(context)
        .doesNotThrowAnyException();
  }

  @Test
  void mutatedCommandsRepliesAndEventsNeverThrow() {
    SplittableRandom random = new SplittableRandom(SEED);
    for (int round = 0; round < 3000; round++) {
      String base = CORPUS.get(random.nextInt(CORPUS.size()));
      StringBuilder text = new StringBuilder(base);
      int edits = 1 + random.nextInt(4);
      for (int e = 0; e < edits && text.length() > 0; e++) {
        int at = random.nextInt(text.length());
        switch (random.nextInt(3)) {
          case 0 -> text.deleteCharAt(at);
          case 1 -> text.insert(at, JSONISH.charAt(random.nextInt(JSONISH.length())));
          default -> text.setCharAt(at, JSONISH.charAt(random.nextInt(JSONISH.length())));
        }
      }
      assertDecodes(text.toString(), "seed " + SEED + " round " + round + ": " + text);
    }
  }

  @Test
  void oddValuesInEveryFieldNeverThrow() {
    String[] values = {"null", "0", "-1", "1e400", "\"\"", "[]", "{}", "true", "[null]", "9223372036854775808"};
    String[] fields = {"id", "cmd", "sessionId", "tool", "args", "timeoutMs", "deadlineMs", "sections", "streams", "last", "token", "observer", "ok", "error", "event", "port", "tools", "instance"};
    for (String command : new String[] {"session.start", "tool.call", "prompt", "stream.query", "host.auth", "session.end"}) {
      for (String field : fields) {
        for (String value : values) {
          String text = "{\"cmd\":\"" + command + "\",\"sessionId\":\"s\",\"tool\":\"t\",\"token\":\"k\",\"streams\":[\"a@b\"],\"" + field + "\":" + value + "}";
          assertDecodes(text, text);
        }
      }
    }
    assertDecodes(null, "null");
    assertDecodes("", "empty");
    assertDecodes("[".repeat(5000), "deep");
  }
}
