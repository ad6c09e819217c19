package io.github.providergateway.host.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.protocol.json.DecodeResult;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Fuzzing the host codec as {@code CodecFuzzTest} fuzzes the provider codec: whatever text arrives,
 * both decoders return exactly one of a value or an error and never throw. The seed is fixed
 * ({@code -Dprotocol.seed=N} explores others) and named in every assertion.
 *
 * <p>{@link #anyHostTextDecodesToOneResultWhoseReplyTheHostCanRead} is the coverage-guided (Jazzer)
 * version: {@code mvn verify} replays its seeds and stored inputs, the {@code fuzz} profile
 * explores (docs/conformance.md, section Fuzzing).
 */
class HostCodecFuzzTest {

  private static final long SEED = Long.getLong("protocol.seed", 0x4057_2026L);
  private static final HostCodec CODEC = HostCodec.create();
  private static final String JSONISH =
      "{}[]\":,0123456789.eE+-truefalsnl \\/u\t\n\u00e9\ud83d\ude00\ud800";

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
              DecodeResult<HostCommand, HostDecodeError> command = CODEC.decodeCommand(text);
              assertThat(command.messageOrNull() == null)
                  .as(context)
                  .isNotEqualTo(command.errorOrNull() == null);
              DecodeResult<HostOutput, HostDecodeError> output = CODEC.decodeOutput(text);
              assertThat(output.messageOrNull() == null)
                  .as(context)
                  .isNotEqualTo(output.errorOrNull() == null);
              if (command.isDecoded()) {
                // What decodes re-encodes, and that encoding is stable (an id of 1e400 is
                // Infinity to a double, so the first trip may normalize; the second may not).
                String once = CODEC.encode(command.messageOrNull());
                HostCommand again = CODEC.decodeCommand(once).messageOrNull();
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
    String[] values = {
      "null", "0", "-1", "1e400", "\"\"", "[]", "{}", "true", "[null]", "9223372036854775808"
    };
    String[] fields = {
      "id",
      "cmd",
      "sessionId",
      "tool",
      "args",
      "timeoutMs",
      "deadlineMs",
      "sections",
      "streams",
      "last",
      "token",
      "observer",
      "ok",
      "error",
      "event",
      "port",
      "tools",
      "instance"
    };
    for (String command :
        new String[] {
          "session.start", "tool.call", "prompt", "stream.query", "host.auth", "session.end"
        }) {
      for (String field : fields) {
        for (String value : values) {
          String text =
              "{\"cmd\":\""
                  + command
                  + "\",\"sessionId\":\"s\",\"tool\":\"t\",\"token\":\"k\",\"streams\":[\"a@b\"],\""
                  + field
                  + "\":"
                  + value
                  + "}";
          assertDecodes(text, text);
        }
      }
    }
    assertDecodes(null, "null");
    assertDecodes("", "empty");
    assertDecodes("[".repeat(5000), "deep");
  }

  // ---- coverage-guided (Jazzer) ----

  static Stream<byte[]> seeds() {
    return CORPUS.stream().map(text -> text.getBytes(StandardCharsets.UTF_8));
  }

  /**
   * Whatever bytes a host sends on the /host link or {@code --rpc} stdin (UTF-8 text), beyond
   * {@link #assertDecodes}: a refusal carries the command's {@code id} exactly and names its {@code
   * cmd} only when that is a string, its detail is bounded, and the reply the gateway sends for it
   * (or, for a decoded command, a success echoing its id) encodes to text the host decodes back to
   * the same reply; every decoded reply or event re-encodes stably.
   */
  @MethodSource("seeds")
  @DictionaryFile(resourcePath = "host-commands.dict")
  @FuzzTest
  void anyHostTextDecodesToOneResultWhoseReplyTheHostCanRead(byte[] input) {
    String text = new String(input, StandardCharsets.UTF_8);
    assertDecodes(text, text);

    DecodeResult<HostCommand, HostDecodeError> command = CODEC.decodeCommand(text);
    JsonNode object = parsedObjectOrNull(text);
    HostReply reply;
    if (command.isDecoded()) {
      assertThat(object).as(text).isNotNull();
      assertThat(command.messageOrNull().id()).as(text).isEqualTo(object.get("id"));
      reply = HostReply.ok(command.messageOrNull().id());
    } else {
      HostDecodeError error = command.errorOrNull();
      assertThat(error.detail().length()).as(text).isLessThanOrEqualTo(501);
      if (object == null) {
        assertThat(error.code()).as(text).isEqualTo(RpcErrorCode.INVALID_JSON);
        assertThat(error.id()).as(text).isNull();
      } else {
        assertThat(error.id()).as(text).isEqualTo(object.get("id"));
        JsonNode cmd = object.get("cmd");
        assertThat(error.cmd())
            .as(text)
            .isEqualTo(cmd != null && cmd.isTextual() ? cmd.textValue() : null);
        assertThat(error.code())
            .as(text)
            .isEqualTo(
                cmd == null || !cmd.isTextual() ? RpcErrorCode.INVALID_ARGUMENT : error.code());
      }
      reply = error.reply();
    }
    assertReencodes(reply, text);
    DecodeResult<HostOutput, HostDecodeError> output = CODEC.decodeOutput(text);
    if (output.isDecoded()) {
      assertReencodes(output.messageOrNull(), text);
    }
  }

  private static JsonNode parsedObjectOrNull(String text) {
    try {
      JsonNode tree = CODEC.parseJson(text);
      return tree != null && tree.isObject() ? tree : null;
    } catch (IllegalArgumentException notJson) {
      return null;
    }
  }

  /** {@code output} encodes to text that decodes; after that first trip the text stays the same. */
  private static void assertReencodes(HostOutput output, String context) {
    String once = CODEC.encode(output);
    DecodeResult<HostOutput, HostDecodeError> again = CODEC.decodeOutput(once);
    assertThat(again.errorOrNull()).as("%s answered with %s", context, once).isNull();
    assertThat(CODEC.encode(again.messageOrNull()))
        .as("%s answered with %s", context, once)
        .isEqualTo(once);
    if (output instanceof HostReply sent) {
      HostReply read = (HostReply) again.messageOrNull();
      assertThat(read.ok()).as(context).isEqualTo(sent.ok());
      if (sent instanceof HostReply.Failed failed) {
        assertThat(((HostReply.Failed) read).code()).as(context).isEqualTo(failed.code());
      }
    }
  }
}
