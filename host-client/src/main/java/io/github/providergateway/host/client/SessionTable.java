package io.github.providergateway.host.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.host.api.SessionHost;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.host.protocol.EndSession;
import io.github.providergateway.host.protocol.HostWire;
import io.github.providergateway.host.protocol.ListTools;
import io.github.providergateway.host.protocol.SettleSession;
import io.github.providergateway.host.protocol.StartSession;
import io.github.providergateway.protocol.SessionInfo;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * The sessions a {@link GatewayClient} started and that have not ended, under the ids callers use
 * and their ids on the current gateway. After a gateway restart it registers them again there
 * (spec: Gateway crash recovery, point 5) and from then on translates ids both ways, so callers
 * keep the ids they were given first. Client thread only.
 */
final class SessionTable {
  private static final System.Logger LOG = System.getLogger(GatewayClient.class.getName());

  /** One session of this client. */
  static final class Handle {
    final String id;
    final SessionSpec spec;
    final SessionHost host;

    /**
     * Its id on the current gateway: {@link #id} until it is registered again. Client thread only.
     */
    String gatewayId;

    /**
     * Whether a caller asked for its providers ({@link HostCalls#settled}), which starts those a
     * gateway starts when asked: a gateway it is registered on again is asked too. Client thread.
     */
    boolean asked;

    private Handle(String id, SessionSpec spec, SessionHost host) {
      this.id = id;
      this.spec = spec;
      this.host = host;
      this.gatewayId = id;
    }
  }

  private final GatewayConnection connection;
  private final List<GatewayClientListener> listeners;

  /**
   * Sessions this client started and that have not ended, by the id callers use. Client thread
   * only.
   */
  private final Map<String, Handle> sessions = new LinkedHashMap<>();

  /** The same sessions by their id on the current gateway. Client thread only. */
  private final Map<String, Handle> byGatewayId = new HashMap<>();

  SessionTable(GatewayConnection connection, List<GatewayClientListener> listeners) {
    this.connection = connection;
    this.listeners = listeners;
  }

  /**
   * Starts a session owned by this client and completes {@code result} with it; its {@code host}
   * hears its events from then on.
   */
  void start(SessionSpec spec, SessionHost host, CompletableFuture<SessionInfo> result) {
    connection
        .send(startCommand(spec, host, connection.nextId()))
        .whenComplete(
            (fields, error) -> {
              if (error != null) {
                result.completeExceptionally(error);
                return;
              }
              String id = fields.get("sessionId").asText();
              Handle handle = new Handle(id, spec, host);
              sessions.put(id, handle);
              byGatewayId.put(id, handle);
              result.complete(
                  new SessionInfo(
                      id, spec.label(), spec.cwd(), spec.foreground(), spec.openedBy()));
            });
  }

  /** A caller asked for the providers of the session it names {@code sessionId}. */
  void asked(String sessionId) {
    Handle handle = sessions.get(sessionId);
    if (handle != null) {
      handle.asked = true;
    }
  }

  /** The id on the gateway of a session callers name {@code sessionId}. */
  String toGateway(String sessionId) {
    Handle handle = sessions.get(sessionId);
    return handle == null ? sessionId : handle.gatewayId;
  }

  /** The id callers use for the gateway's {@code gatewayId}. */
  String fromGateway(String gatewayId) {
    Handle handle = byGatewayId.get(gatewayId);
    return handle == null ? gatewayId : handle.id;
  }

  /** The session of this client the gateway calls {@code gatewayId}, or null. */
  Handle onGateway(String gatewayId) {
    return byGatewayId.get(gatewayId);
  }

  /** The gateway ended {@code gatewayId}: forgets it; returns the id callers use. */
  String ended(String gatewayId) {
    Handle handle = byGatewayId.remove(gatewayId);
    if (handle == null) {
      return gatewayId;
    }
    sessions.remove(handle.id);
    return handle.id;
  }

  /** The id the current gateway uses for {@code sessionId}, if it is still live. */
  Optional<String> gatewaySessionId(String sessionId) {
    return Optional.ofNullable(sessions.get(sessionId)).map(h -> h.gatewayId);
  }

  /** Asks the gateway to end every session of this client; each future completes, never fails. */
  List<CompletableFuture<ObjectNode>> endAll(Duration deadline) {
    List<CompletableFuture<ObjectNode>> ends = new ArrayList<>();
    for (Handle handle : new ArrayList<>(sessions.values())) {
      ends.add(
          connection
              .send(new EndSession(connection.nextId(), handle.gatewayId, deadline))
              .exceptionally(e -> null));
    }
    return ends;
  }

  /**
   * The client authenticated: registers again the sessions the gateway did not give back.
   *
   * @return whether it is a new gateway (the sessions it did not know, or another gateway run)
   */
  boolean recover(Set<String> reclaimed, boolean firstTime, boolean otherGatewayRun) {
    List<Handle> lost = new ArrayList<>();
    for (Handle handle : sessions.values()) {
      if (!reclaimed.contains(handle.gatewayId)) {
        lost.add(handle);
      }
    }
    boolean fresh = !firstTime && (!lost.isEmpty() || otherGatewayRun);
    LOG.log(
        Level.INFO,
        "connected to the gateway{0}",
        firstTime
            ? ""
            : fresh
                ? "; a new gateway: registering " + lost.size() + " session(s) again"
                : " again");
    for (Handle handle : lost) {
      registerAgain(handle);
    }
    return fresh;
  }

  /** Registers a session again on a new gateway (spec: Gateway crash recovery, point 5). */
  private void registerAgain(Handle handle) {
    byGatewayId.remove(handle.gatewayId);
    connection
        .send(startCommand(handle.spec, handle.host, connection.nextId()))
        .whenComplete(
            (fields, error) -> {
              if (error != null) {
                LOG.log(
                    Level.WARNING,
                    "could not register session {0} again: {1}",
                    handle.id,
                    error.toString());
                return;
              }
              handle.gatewayId = fields.get("sessionId").asText();
              byGatewayId.put(handle.gatewayId, handle);
              for (GatewayClientListener listener : listeners) {
                listener.sessionReplaced(handle.id, handle.gatewayId);
              }
              if (handle.asked) {
                // The new gateway starts the providers it starts when asked (its --config) only
                // now: the session's tools are fetched once they settled, as at the first ask.
                connection
                    .send(new SettleSession(connection.nextId(), handle.gatewayId))
                    .whenComplete((settled, notSettled) -> fetchTools(handle));
              } else {
                fetchTools(handle);
              }
            });
  }

  /** {@code tools.changed} names the tools; the host registers them whole, so fetch them. */
  void fetchTools(Handle handle) {
    String gatewayId = handle.gatewayId;
    connection
        .send(new ListTools(connection.nextId(), gatewayId))
        .whenComplete(
            (fields, error) -> {
              if (error == null
                  && handle.gatewayId.equals(gatewayId)
                  && sessions.containsKey(handle.id)) {
                handle.host.registerTools(
                    handle.id,
                    ReplyFields.read(
                        fields, f -> ReplyFields.list(f, "tools", HostWire::readTool)));
              }
            });
  }

  private static StartSession startCommand(SessionSpec spec, SessionHost host, JsonNode id) {
    return new StartSession(
        id,
        spec.label(),
        spec.cwd(),
        spec.foreground(),
        spec.hostToolNames().isEmpty() ? null : List.copyOf(spec.hostToolNames()),
        true, // the session's host hears SessionHost.streamUpdated
        // A host that offers a channel (SessionHost.askChannel) is put gates' questions.
        host.askChannel() != null ? Boolean.TRUE : null,
        spec.openedBy());
  }
}
