package io.github.providergateway.transport.ws.internal;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.filterchain.BaseFilter;
import org.glassfish.grizzly.filterchain.FilterChainContext;
import org.glassfish.grizzly.filterchain.NextAction;

/**
 * Tells {@link PendingHandshakes} when the server is handling bytes it read from a socket that has
 * not upgraded, from the read until the listener's chain is done with them: in between, a complete
 * request with credentials has left the kernel's buffer but has not been admitted yet, and must not
 * be pushed out as a socket that showed none (issue 47, row 6). First in the chain after the
 * transport; an upgraded connection's frames take another chain and never pass here.
 */
final class PendingReadFilter extends BaseFilter {

  private final PendingHandshakes pending;

  PendingReadFilter(PendingHandshakes pending) {
    this.pending = requireNonNull(pending, "pending");
  }

  @Override
  public NextAction handleRead(FilterChainContext ctx) throws IOException {
    Connection<?> connection = ctx.getConnection();
    pending.reading(connection);
    ctx.addCompletionListener(done -> pending.read(connection));
    return ctx.getInvokeAction();
  }
}
