package io.github.providergateway.protocol.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.Limits;
import io.github.providergateway.protocol.ProviderMessage;
import io.github.providergateway.protocol.ToolResult;
import org.junit.jupiter.api.Test;

/**
 * What a provider message may cost as a tree (issue 13): nesting and estimated heap are bounded
 * while it is read, so a few megabytes of text cannot become a hundred megabytes of nodes, and
 * everything accepted can be written back inside the gateway's own messages.
 */
class TreeBoundsTest {

  private static final ProtocolCodec CODEC = ProtocolCodec.create();
  private static final Limits LIMITS = Limits.defaults();

  private static String toolResult(String data) {
    return "{\"type\":\"tool.result\",\"id\":\"c-1\",\"data\":" + data + "}";
  }

  @Test
  void aResultWhoseTreeWouldPassTheTreeBoundIsRefusedAsTooLargeWithItsId() {
    // 4.9 MB of text: about 1.6 million empty objects, which held 132 MiB as a tree.
    String data = "[" + "{},".repeat(1_630_000) + "{}]";

    DecodeResult<ProviderMessage, DecodeError> result =
        CODEC.decodeProviderMessage(toolResult(data), LIMITS);

    assertThat(result.isDecoded()).isFalse();
    assertThat(result.errorOrNull().code()).isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE);
    assertThat(result.errorOrNull().id()).isEqualTo("c-1");
    assertThat(result.errorOrNull().detail()).contains("bytes of memory as a JSON tree");
  }

  @Test
  void aLargeResultOfTextIsStillAccepted() {
    String data = "\"" + "x".repeat(4_900_000) + "\"";

    assertThat(CODEC.decodeProviderMessage(toolResult(data), LIMITS).messageOrNull())
        .isInstanceOf(ToolResult.class);
  }

  @Test
  void nestingIsAcceptedToTheDepthLimitAndRefusedOneLevelDeeperWithItsId() {
    // The envelope object is level 1, so data may nest 127 levels.
    String deepest = "[".repeat(127) + "]".repeat(127);
    String tooDeep = "[".repeat(128) + "]".repeat(128);

    assertThat(CODEC.decodeProviderMessage(toolResult(deepest), LIMITS).isDecoded()).isTrue();
    DecodeResult<ProviderMessage, DecodeError> refused =
        CODEC.decodeProviderMessage(toolResult(tooDeep), LIMITS);
    assertThat(refused.errorOrNull().code()).isEqualTo(ErrorCode.INVALID_JSON);
    assertThat(refused.errorOrNull().id()).isEqualTo("c-1");
    assertThat(refused.errorOrNull().detail()).contains("deeper than 128");
  }

  @Test
  void theHeapEstimateIsNeverBelowWhatATreeReallyTakes() {
    String data = "[" + "{\"k\":[1,\"ab\",true,null]},".repeat(100_000) + "{}]";
    long before = usedAfterGc();
    JsonNode tree = CODEC.parseJson(data);
    long measured = usedAfterGc() - before;

    assertThat(JsonHeap.of(tree))
        .as("estimate vs %d bytes measured", measured)
        .isGreaterThanOrEqualTo(measured * 9 / 10);
    assertThat(tree.size()).isEqualTo(100_001); // keeps the tree reachable until measured
  }

  private static long usedAfterGc() {
    Runtime runtime = Runtime.getRuntime();
    for (int i = 0; i < 3; i++) {
      System.gc();
    }
    return runtime.totalMemory() - runtime.freeMemory();
  }
}
