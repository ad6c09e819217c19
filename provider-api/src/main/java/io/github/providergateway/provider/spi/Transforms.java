package io.github.providergateway.provider.spi;

import io.github.providergateway.protocol.TransformRequest;
import io.github.providergateway.protocol.TransformResult;
import io.github.providergateway.provider.TransformHandler;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletionStage;

/**
 * Transform callbacks: each {@code transform.request} goes to the {@link TransformHandler} of its
 * section, and exactly one {@code transform.result} goes back on the connection it came on. A
 * handler that fails answers the current text at once, which is what the gateway's 2 s timeout
 * would decide, only without the wait. Loop only.
 */
final class Transforms {

  private final Map<String, TransformHandler> handlers;
  private final Link link;
  private final UserCode user;

  /** Requests not answered yet, by call id, with the connection each came on. Loop only. */
  private final Map<String, ProviderChannel> open = new HashMap<>();

  Transforms(Map<String, TransformHandler> handlers, Link link, UserCode user) {
    this.handlers = handlers;
    this.link = link;
    this.user = user;
  }

  void request(TransformRequest request) {
    if (open.containsKey(request.callId())) {
      user.debug(() -> "duplicate transform.request " + request.callId() + " dropped");
      return;
    }
    TransformHandler handler = handlers.get(request.section());
    if (handler == null) {
      link.send(new TransformResult(request.callId(), request.current()));
      return;
    }
    ProviderChannel connection = link.current();
    open.put(request.callId(), connection);
    CompletionStage<String> content =
        user.invoke(() -> handler.transform(request), "the transform handler returned no text");
    user.whenDone(content, (value, error) -> answer(request, connection, value, error));
  }

  private void answer(
      TransformRequest request, ProviderChannel connection, String content, Throwable error) {
    if (!open.remove(request.callId(), connection)) {
      return;
    }
    if (error != null || content == null) {
      user.warn(
          "transform of section '" + request.section() + "' failed; keeping its text",
          error != null ? error : new IllegalStateException("null content"));
      content = request.current();
    }
    link.sendOn(connection, new TransformResult(request.callId(), content));
  }

  /** The connection ended: the gateway kept the current texts; late answers are dropped. */
  void connectionClosed() {
    open.clear();
  }
}
