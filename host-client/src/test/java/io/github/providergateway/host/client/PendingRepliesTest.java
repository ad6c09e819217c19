package io.github.providergateway.host.client;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.host.api.HostErrorCode;
import io.github.providergateway.host.api.HostException;
import io.github.providergateway.host.protocol.HostReply;
import io.github.providergateway.host.protocol.RpcErrorCode;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class PendingRepliesTest {
  private final PendingReplies replies = new PendingReplies();

  private static Throwable failureOf(CompletableFuture<?> future) {
    return future.handle((ok, error) -> error).join();
  }

  @Test
  void aReplyCompletesTheRequestWithItsIdAndOnlyOnce() {
    JsonNode id = replies.nextId();
    CompletableFuture<ObjectNode> reply = replies.expect(id);
    ObjectNode fields = JsonNodeFactory.instance.objectNode().put("sessionId", "s-1");

    replies.replied(new HostReply.Ok(id, fields));
    replies.replied(new HostReply.Ok(id, JsonNodeFactory.instance.objectNode()));

    assertThat(reply).isCompletedWithValue(fields);
  }

  /** The failure of a command the gateway refused with {@code code}. */
  private Throwable refusedWith(RpcErrorCode code, String message) {
    JsonNode id = replies.nextId();
    CompletableFuture<ObjectNode> reply = replies.expect(id);
    replies.replied(HostReply.failed(id, code, message));
    return failureOf(reply);
  }

  @Test
  void aRefusedCommandFailsWithTheHostErrorCodeCallersKnow() {
    assertThat(refusedWith(RpcErrorCode.UNKNOWN_COMMAND, "no such command"))
        .isInstanceOfSatisfying(
            HostException.class,
            e -> assertThat(e.code()).isEqualTo(HostErrorCode.INVALID_ARGUMENT))
        .hasMessage("no such command");
  }

  @Test
  void anUnusableConfigStaysItsOwnCodeForTheCaller() {
    assertThat(refusedWith(RpcErrorCode.INVALID_CONFIG, "config file x: not valid JSON"))
        .isInstanceOfSatisfying(
            HostException.class, e -> assertThat(e.code()).isEqualTo(HostErrorCode.INVALID_CONFIG));
  }

  @Test
  void aWrongTokenIsAnAuthRefusalAndOtherAuthFailuresAreNot() {
    JsonNode refusedId = replies.nextAuthId();
    JsonNode failedId = replies.nextAuthId();
    CompletableFuture<ObjectNode> refused = replies.expect(refusedId);
    CompletableFuture<ObjectNode> failed = replies.expect(failedId);

    replies.replied(HostReply.failed(refusedId, RpcErrorCode.AUTH_FAILED, "wrong gateway token"));
    replies.replied(HostReply.failed(failedId, RpcErrorCode.INTERNAL, "boom"));

    assertThat(failureOf(refused)).isInstanceOf(PendingReplies.AuthRefused.class);
    assertThat(failureOf(failed)).isExactlyInstanceOf(IOException.class);
  }

  @Test
  void aSocketClosingMidAuthFailsOnlyTheAuthRequests() {
    CompletableFuture<ObjectNode> auth = replies.expect(replies.nextAuthId());
    CompletableFuture<ObjectNode> command = replies.expect(replies.nextId());

    replies.failAuths("closed 1006");

    assertThat(failureOf(auth)).hasMessageContaining("closed 1006");
    assertThat(command).isNotDone();

    replies.failAll("connection to the gateway lost");
    assertThat(failureOf(command))
        .isInstanceOfSatisfying(
            HostException.class, e -> assertThat(e.code()).isEqualTo(HostErrorCode.GATEWAY_CLOSED));
  }
}
