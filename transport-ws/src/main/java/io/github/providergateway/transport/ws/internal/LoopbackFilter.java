package io.github.providergateway.transport.ws.internal;

import java.io.IOException;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.filterchain.FilterChainBuilder;
import org.glassfish.grizzly.filterchain.FilterChainContext;
import org.glassfish.grizzly.filterchain.NextAction;
import org.glassfish.grizzly.http.server.AddOn;
import org.glassfish.grizzly.http.server.HttpServerFilter;
import org.glassfish.grizzly.http.server.NetworkListener;
import org.glassfish.tyrus.container.grizzly.server.GrizzlyServerFilter;
import org.glassfish.tyrus.spi.ServerContainer;

/**
 * Tyrus's Grizzly filter, which also makes the TCP connection being read visible to the handshake
 * guard and to {@code onOpen} (both run synchronously inside {@link #handleRead}). Tyrus's API
 * exposes neither the peer's socket address nor a way to cut a socket whose peer stopped reading;
 * Grizzly's connection gives both.
 */
final class LoopbackFilter extends GrizzlyServerFilter {

  /** The connection whose bytes this thread is processing, during handleRead only. */
  private static final ThreadLocal<Connection<?>> CURRENT = new ThreadLocal<>();

  LoopbackFilter(ServerContainer container, String contextPath) {
    super(container, contextPath);
  }

  /** The add-on that puts this filter where Tyrus's {@code WebSocketAddOn} would put its own. */
  static AddOn addOn(ServerContainer container, String contextPath) {
    return (NetworkListener listener, FilterChainBuilder builder) -> {
      int httpServerFilter = builder.indexOfType(HttpServerFilter.class);
      if (httpServerFilter < 0) {
        throw new IllegalStateException("no HttpServerFilter in the listener's filter chain");
      }
      builder.add(httpServerFilter, new LoopbackFilter(container, contextPath));
    };
  }

  /** The Grizzly connection being read on this thread, or null outside {@link #handleRead}. */
  static Connection<?> currentConnection() {
    return CURRENT.get();
  }

  @Override
  public NextAction handleRead(FilterChainContext ctx) throws IOException {
    Connection<?> previous = CURRENT.get();
    CURRENT.set(ctx.getConnection());
    try {
      return super.handleRead(ctx);
    } finally {
      if (previous == null) {
        CURRENT.remove();
      } else {
        CURRENT.set(previous);
      }
    }
  }
}
