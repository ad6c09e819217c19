package io.github.providergateway.transport.ws.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Proxy;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.glassfish.grizzly.Connection;
import org.junit.jupiter.api.Test;

/**
 * Which waiting socket {@link PendingHandshakes} pushes out for a newcomer (issue 47, row 6): never
 * one whose bytes wait unread or are being handled, which may be a complete request with
 * credentials; when every one is such, the listener pauses until one is read, admitted or gone.
 * Over real sockets: {@code HttpHookTest} (reference-app), {@code HostileTransportTest}.
 */
class PendingHandshakesTest {

  /** Sockets whose bytes wait unread in the kernel, as {@code FIONREAD} would say. */
  private final Set<Connection<?>> unread = new HashSet<>();

  /** Sockets the server closed, in order. */
  private final List<Connection<?>> closed = new ArrayList<>();

  private final PendingHandshakes pending =
      new PendingHandshakes(
          2, Duration.ofSeconds(5), Clock.fixed(Instant.EPOCH, ZoneOffset.UTC), unread::contains);

  private int resumed;

  /** A connection that records its closing and keeps nothing else. */
  private Connection<?> connection(String name) {
    return (Connection<?>)
        Proxy.newProxyInstance(
            Connection.class.getClassLoader(),
            new Class<?>[] {Connection.class},
            (proxy, method, args) ->
                switch (method.getName()) {
                  case "terminateSilently" -> {
                    closed.add((Connection<?>) proxy);
                    yield null;
                  }
                  case "getPeerAddress", "toString" -> name;
                  case "hashCode" -> System.identityHashCode(proxy);
                  case "equals" -> proxy == args[0];
                  default -> null;
                });
  }

  /** A connection accepted now: it waits for its request. */
  private Connection<?> accepted(String name) {
    Connection<?> connection = connection(name);
    pending.accepted(connection);
    return connection;
  }

  @Test
  void idleSocketsArePushedOutOldestFirst() {
    Connection<?> first = accepted("first");
    Connection<?> second = accepted("second");

    assertThat(pending.makeRoom()).isTrue();

    assertThat(closed).containsExactly(first);
    assertThat(pending.size()).isEqualTo(1);
  }

  @Test
  void aSocketWithUnreadBytesIsNeverPushedOutAndAcceptingPausesUntilOneIsRead() {
    Connection<?> first = accepted("first");
    Connection<?> second = accepted("second");
    unread.add(first);
    unread.add(second);

    assertThat(pending.makeRoom()).isFalse();
    assertThat(pending.parkUnlessRoom(() -> resumed++)).isFalse();
    assertThat(closed).isEmpty();

    pending.reading(second); // the server takes its bytes: a half-sent request, it turns out
    unread.remove(second);
    assertThat(pending.makeRoom()).as("being handled: not pushed out yet").isFalse();
    pending.read(second);

    assertThat(resumed).isEqualTo(1);
    assertThat(pending.makeRoom()).isTrue();
    assertThat(closed).containsExactly(second);
  }

  @Test
  void anAdmittedRequestLeavesRoomAndResumesAPausedListener() {
    Connection<?> first = accepted("first");
    Connection<?> second = accepted("second");
    unread.add(second);
    pending.reading(first);
    assertThat(pending.parkUnlessRoom(() -> resumed++)).isFalse();

    assertThat(pending.admitted(first)).isTrue();

    assertThat(resumed).isEqualTo(1);
    assertThat(pending.makeRoom()).isTrue();
    assertThat(closed).isEmpty();
    assertThat(pending.admittedSize()).isEqualTo(1);
  }

  @Test
  void aSocketAcceptedWithoutRoomPushesOutTheOldestReadOneFirst() {
    Connection<?> first = accepted("first");
    Connection<?> second = accepted("second");
    unread.add(first);

    pending.accepted(connection("third"));

    assertThat(closed).containsExactly(second);
    assertThat(pending.size()).isEqualTo(2);
  }
}
