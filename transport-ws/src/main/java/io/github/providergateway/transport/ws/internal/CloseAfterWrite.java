package io.github.providergateway.transport.ws.internal;

import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.EmptyCompletionHandler;
import org.glassfish.grizzly.WriteResult;

/**
 * Closes a connection once a refusal written to it has gone out, or could not: the last write of a
 * connection the server is done with (a refused handshake, a refused request head).
 */
final class CloseAfterWrite extends EmptyCompletionHandler<WriteResult> {

  private final Connection<?> connection;

  CloseAfterWrite(Connection<?> connection) {
    this.connection = connection;
  }

  @Override
  public void completed(WriteResult result) {
    connection.closeSilently();
  }

  @Override
  public void failed(Throwable error) {
    connection.closeSilently();
  }

  @Override
  public void cancelled() {
    connection.closeSilently();
  }
}
