package io.github.providergateway.agent.mcp;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import reactor.core.Disposable;
import reactor.core.Disposables;

/**
 * The questions put to the agent's client with {@code elicitation/create} and not yet answered or
 * ended, by ask id. A question is open before its request is sent, since the client's answer can
 * arrive on another thread before the send returns: recorded only after the send, a quick answer (a
 * decline, on a loaded machine) found nothing open, was dropped, and the person's no became the
 * gateway's timeout.
 */
final class OpenQuestions {
  private final Map<String, Disposable.Swap> open = new ConcurrentHashMap<>();

  /**
   * Opens {@code askId}, then sends its request with {@code send}, which returns the request's
   * subscription.
   */
  void ask(String askId, Supplier<Disposable> send) {
    Disposable.Swap request = Disposables.swap();
    open.put(askId, request);
    request.update(send.get()); // disposed at once if the question ended while it was being sent
  }

  /**
   * Closes {@code askId} for an answer or a failure of its request: true when it was open, so the
   * answer decides; false once it was answered or ended.
   */
  boolean close(String askId) {
    return open.remove(askId) != null;
  }

  /**
   * Ends {@code askId} (answered elsewhere, or too late): its request is disposed, so the client's
   * answer decides nothing.
   */
  void end(String askId) {
    Disposable.Swap request = open.remove(askId);
    if (request != null) {
      request.dispose();
    }
  }
}
