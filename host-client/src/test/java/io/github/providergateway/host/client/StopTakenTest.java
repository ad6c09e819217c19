package io.github.providergateway.host.client;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.host.protocol.HostReply;
import io.github.providergateway.host.protocol.RpcErrorCode;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/**
 * {@code gateway stop} said a console's gateway "would not stop: connection to the gateway lost:
 * closed 1001 gateway stopping" when the gateway closed its hosts' connections before its reply to
 * {@code shutdown} was written (a clean clone's verify, 2026-12-04): a stop whose connection closes
 * under it was taken; a refusal, which is a reply, was not, though both carry {@code
 * GATEWAY_CLOSED}.
 */
class StopTakenTest {
  private final PendingReplies replies = new PendingReplies();

  private static Throwable failureOf(CompletableFuture<?> future) {
    return future.handle((ok, error) -> error).join();
  }

  @Test
  void aConnectionClosedUnderTheStopIsTheStopTaken() {
    CompletableFuture<ObjectNode> stop = replies.expect(replies.nextId());

    replies.failAll("connection to the gateway lost: closed 1001 gateway stopping");

    Throwable lost = failureOf(stop);
    assertThat(HostCalls.goneAsAsked(lost)).isTrue();
    assertThat(HostCalls.goneAsAsked(new CompletionException(lost))).isTrue();
  }

  @Test
  void aRefusalOrAnotherFailureIsNoStop() {
    JsonNode id = replies.nextId();
    CompletableFuture<ObjectNode> stop = replies.expect(id);

    replies.replied(
        HostReply.failed(
            id,
            RpcErrorCode.UNAUTHORIZED,
            "this gateway is stopped by whoever started it, not by its hosts"));

    Throwable refused = failureOf(stop);
    assertThat(HostCalls.goneAsAsked(refused)).isFalse();
    assertThat(HostCalls.goneAsAsked(new CompletionException(refused))).isFalse();
    assertThat(HostCalls.goneAsAsked(new IOException("refused"))).isFalse();
  }
}
