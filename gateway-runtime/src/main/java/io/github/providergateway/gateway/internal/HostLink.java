package io.github.providergateway.gateway.internal;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.gateway.HostChannel;
import io.github.providergateway.gateway.HostConnection;
import io.github.providergateway.gateway.Scheduler;
import io.github.providergateway.protocol.host.HostAuth;
import io.github.providergateway.protocol.host.HostCodec;
import io.github.providergateway.protocol.host.HostCommand;
import io.github.providergateway.protocol.host.HostDecodeResult;
import io.github.providergateway.protocol.host.HostReply;
import io.github.providergateway.protocol.host.RpcErrorCode;

/**
 * The host side of one host connection: decodes what arrives, lets nothing but {@code host.auth}
 * through until the connection is authenticated (then no second one), and hands every other
 * command to {@link HostCommands}. Thread-safe: its state is guarded by the {@link HostRegistry}'s
 * lock.
 */
final class HostLink implements HostChannel {
  private static final HostCodec CODEC = HostCodec.create();

  final HostConnection connection;
  private final HostRegistry registry;
  private final HostAuthenticator authenticator;
  private final HostCommands commands;

  /** Whether it passed {@code host.auth} (or was trusted). Guarded by the registry's lock. */
  boolean authenticated;
  /** Whether it asked for every session's events. Guarded by the registry's lock. */
  boolean observer;
  /** Whose sessions it owns; set at authentication. Guarded by the registry's lock. */
  HostRegistry.Owner owner;
  /** Whether the connection closed. Guarded by the registry's lock. */
  boolean gone;
  /** Closes an unauthenticated connection; set once by open. */
  private volatile Scheduler.Cancellable authTimer;

  HostLink(HostConnection connection, HostRegistry registry, HostAuthenticator authenticator, HostCommands commands) {
    this.connection = connection;
    this.registry = registry;
    this.authenticator = authenticator;
    this.commands = commands;
  }

  void authTimer(Scheduler.Cancellable timer) {
    this.authTimer = timer;
  }

  void cancelAuthTimer() {
    Scheduler.Cancellable timer = authTimer;
    if (timer != null) {
      timer.cancel();
    }
  }

  boolean isAuthenticated() {
    synchronized (registry.lock) {
      return authenticated;
    }
  }

  void shut() {
    connection.close();
  }

  void refuseAndClose(HostReply.Failed reply) {
    connection.send(reply);
    shut();
  }

  @Override
  public void receive(String text) {
    HostDecodeResult<HostCommand> decoded = CODEC.decodeCommand(text);
    if (decoded.isDecoded()) {
      receive(decoded.valueOrNull());
      return;
    }
    connection.send(decoded.errorOrNull().reply());
    if (!isAuthenticated()) {
      shut();
    }
  }

  @Override
  public void receive(HostCommand command) {
    requireNonNull(command, "command");
    boolean ready;
    synchronized (registry.lock) {
      if (gone) {
        return;
      }
      ready = authenticated;
    }
    if (!ready) {
      if (command instanceof HostAuth auth) {
        authenticator.authenticate(this, auth);
      } else {
        refuseAndClose(
            HostReply.failed(command.id(), RpcErrorCode.UNAUTHORIZED, "the first command must be host.auth"));
      }
      return;
    }
    if (command instanceof HostAuth) {
      connection.send(HostReply.failed(command.id(), RpcErrorCode.UNAUTHORIZED, "already authenticated"));
      return;
    }
    commands.run(this, command);
  }

  @Override
  public void closed() {
    synchronized (registry.lock) {
      if (gone) {
        return;
      }
      gone = true;
    }
    registry.linkClosed(this);
  }
}
