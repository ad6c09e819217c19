package io.github.providergateway.provider.testing;

import io.github.providergateway.protocol.ProviderMessage;
import io.github.providergateway.protocol.ToolResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Keeps what providers sent to the gateway, in arrival order, so a transport test can check what
 * crossed the wire. Thread-safe: transports record from their own threads and tests wait on it.
 */
public final class MessageTap {

  private final List<ProviderMessage> messages = new ArrayList<>();

  /** An empty tap. */
  public MessageTap() {}

  /**
   * Records a message and wakes those waiting in {@link #await}.
   *
   * @param message what a provider sent
   */
  public synchronized void record(ProviderMessage message) {
    messages.add(message);
    notifyAll();
  }

  /**
   * Everything recorded so far.
   *
   * @return the messages, in arrival order
   */
  public synchronized List<ProviderMessage> all() {
    return List.copyOf(messages);
  }

  /**
   * How many messages were recorded.
   *
   * @return the count
   */
  public synchronized int size() {
    return messages.size();
  }

  /**
   * What was recorded after the first {@code from} messages.
   *
   * @param from how many to skip, such as an earlier {@link #size()}
   * @return the rest, in arrival order
   */
  public synchronized List<ProviderMessage> since(int from) {
    return List.copyOf(messages.subList(from, messages.size()));
  }

  /**
   * The {@code tool.result}s recorded for one call.
   *
   * @param id the call's id
   * @return its results, in arrival order (the protocol allows one)
   */
  public synchronized List<ToolResult> resultsFor(String id) {
    List<ToolResult> results = new ArrayList<>();
    for (ProviderMessage message : messages) {
      if (message instanceof ToolResult result && result.id().equals(id)) {
        results.add(result);
      }
    }
    return results;
  }

  /**
   * Waits for a message of a type that matches a test, recorded before or during the wait.
   *
   * @param <T> the message's type
   * @param type the message's class
   * @param test which message
   * @param timeout how long to wait
   * @return the first such message
   * @throws InterruptedException when the waiting thread is interrupted
   * @throws AssertionError when none arrived within {@code timeout}
   */
  public synchronized <T extends ProviderMessage> T await(
      Class<T> type, Predicate<T> test, Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      for (ProviderMessage message : messages) {
        if (type.isInstance(message) && test.test(type.cast(message))) {
          return type.cast(message);
        }
      }
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        throw new AssertionError(
            "no " + type.getSimpleName() + " as expected within " + timeout + "; got " + messages);
      }
      wait(Math.max(1, left / 1_000_000));
    }
  }
}
