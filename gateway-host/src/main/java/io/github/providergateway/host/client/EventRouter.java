package io.github.providergateway.host.client;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.gateway.ProgressListener;
import io.github.providergateway.host.protocol.CallProgress;
import io.github.providergateway.host.protocol.HostOutput;
import io.github.providergateway.host.protocol.ProviderPresence;
import io.github.providergateway.host.protocol.SessionEnded;
import io.github.providergateway.host.protocol.SessionLog;
import io.github.providergateway.host.protocol.SessionSend;
import io.github.providergateway.host.protocol.StreamUpdated;
import io.github.providergateway.host.protocol.ToolsChanged;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Hands the gateway's events to whoever hears them: a session's own {@link
 * io.github.providergateway.gateway.SessionHost} (for the sessions of this client) and every
 * {@link GatewayClient.Listener}, under the session ids callers use. Client thread only.
 */
final class EventRouter {
  private final SessionTable sessions;
  private final List<GatewayClient.Listener> listeners;
  /** The progress listeners of this client's calls in flight, by the {@code tool.call}'s id. */
  private final Map<JsonNode, ProgressListener> progress = new HashMap<>();

  EventRouter(SessionTable sessions, List<GatewayClient.Listener> listeners) {
    this.sessions = sessions;
    this.listeners = listeners;
  }

  void route(HostOutput output) {
    if (output instanceof SessionLog log) {
      String id = ownSession(log.sessionId(), h -> h.host.log(h.id, log.source(), log.message()));
      listeners.forEach(l -> l.sessionLog(id, log.source(), log.message()));
    } else if (output instanceof SessionSend send) {
      String id = ownSession(send.sessionId(), h -> h.host.send(h.id, send.source(), send.prompt()));
      listeners.forEach(l -> l.sessionSend(id, send.source(), send.prompt()));
    } else if (output instanceof ToolsChanged changed) {
      String id = ownSession(changed.sessionId(), sessions::fetchTools);
      listeners.forEach(l -> l.toolsChanged(id, changed.tools()));
    } else if (output instanceof StreamUpdated updated) {
      ownSession(updated.sessionId(), h -> h.host.streamUpdated(h.id, updated.stream()));
    } else if (output instanceof CallProgress call) {
      ProgressListener listener = progress.get(call.callId());
      if (listener != null) {
        listener.progress(call.message());
      }
    } else if (output instanceof SessionEnded ended) {
      String id = sessions.ended(ended.sessionId());
      listeners.forEach(l -> l.sessionEnded(id));
    } else if (output instanceof ProviderPresence presence) {
      for (GatewayClient.Listener listener : listeners) {
        if (presence.connected()) {
          listener.providerConnected(presence.providerId(), presence.name(), presence.instance());
        } else {
          listener.providerDisconnected(presence.providerId(), presence.name(), presence.instance());
        }
      }
    }
    // gateway.started / gateway.stopped / unknown events: nothing to do on this carrier.
  }

  /** The {@code tool.call} {@code callId}'s progress goes to {@code listener} until {@link #stopListening}. */
  void listen(JsonNode callId, ProgressListener listener) {
    progress.put(callId, listener);
  }

  /** The call {@code callId} ended (or was cancelled): its progress goes nowhere from now on. */
  void stopListening(JsonNode callId) {
    progress.remove(callId);
  }

  /** Runs {@code action} when {@code gatewayId} is a session of this client; gives the id callers use. */
  private String ownSession(String gatewayId, Consumer<SessionTable.Handle> action) {
    SessionTable.Handle handle = sessions.onGateway(gatewayId);
    if (handle == null) {
      return gatewayId;
    }
    action.accept(handle);
    return handle.id;
  }
}
