package io.github.providergateway.gateway;

import io.github.providergateway.host.api.AskChannel;
import io.github.providergateway.host.api.PersonQuestion;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The gateway-wide channels that put gates' questions to the person (extension {@code gate.ask},
 * architecture decision 35), and the questions waiting now: for a console or a status page. A
 * session host's own channel is its {@link
 * io.github.providergateway.host.api.SessionHost#askChannel}; answers come back through {@link
 * io.github.providergateway.host.api.HostApi#answerQuestion} or the channel's own callback. Get it
 * from {@link Gateway#asks()}. Any thread.
 */
public interface AskChannels {
  /**
   * Adds a gateway-wide channel for gates' questions to the person (extension {@code gate.ask},
   * architecture decision 35): a console, a status page. Questions asked from now on go to it
   * whenever it {@linkplain AskChannel#reaches reaches} their session, beside the session host's
   * own ({@link io.github.providergateway.host.api.SessionHost#askChannel}). Any thread; it takes
   * effect on the loop, in order.
   *
   * @param channel the channel; its methods are called on the loop
   */
  void add(AskChannel channel);

  /**
   * Removes a channel {@link #add} added: it gets no new question. Questions it was given go on
   * until answered elsewhere or their deadline. Any thread.
   *
   * @param channel the channel
   */
  void remove(AskChannel channel);

  /**
   * The gates' questions waiting for the person now (extension {@code gate.ask}), oldest first: for
   * a page that shows them to whoever opens it.
   *
   * @return the questions
   */
  CompletableFuture<List<PersonQuestion>> questions();
}
