package io.github.providergateway.provider.spi;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.protocol.ProviderMessage;
import java.util.ArrayDeque;
import java.util.Deque;

/** A connection that keeps what the runtime sends on it, for tests of the runtime alone. */
final class FakeProviderChannel implements ProviderChannel {

  private final Deque<ProviderMessage> sent = new ArrayDeque<>();
  private boolean closed;

  @Override
  public synchronized boolean send(ProviderMessage message) {
    if (closed) {
      return false;
    }
    sent.addLast(message);
    return true;
  }

  @Override
  public synchronized void close() {
    closed = true;
  }

  synchronized boolean isClosed() {
    return closed;
  }

  /** Takes the oldest message not yet taken, which must be of {@code type}. */
  synchronized <T extends ProviderMessage> T next(Class<T> type) {
    assertThat(sent).as("messages sent").isNotEmpty();
    ProviderMessage message = sent.pollFirst();
    assertThat(message).isInstanceOf(type);
    return type.cast(message);
  }

  synchronized void assertNoMoreMessages() {
    assertThat(sent).as("unexpected messages sent").isEmpty();
  }
}
