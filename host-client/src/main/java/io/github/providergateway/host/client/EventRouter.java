package io.github.providergateway.host.client;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.host.api.AskChannel;
import io.github.providergateway.host.api.PersonQuestion;
import io.github.providergateway.host.api.ProgressListener;
import io.github.providergateway.host.protocol.CallProgress;
import io.github.providergateway.host.protocol.GateAsk;
import io.github.providergateway.host.protocol.GateAskEnded;
import io.github.providergateway.host.protocol.HostOutput;
import io.github.providergateway.host.protocol.OffersChanged;
import io.github.providergateway.host.protocol.ProviderPresence;
import io.github.providergateway.host.protocol.SessionEnded;
import io.github.providergateway.host.protocol.SessionLog;
import io.github.providergateway.host.protocol.SessionSend;
import io.github.providergateway.host.protocol.StreamUpdated;
import io.github.providergateway.host.protocol.ToolsChanged;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Hands the gateway's events to whoever hears them: a session's own {@link
 * io.github.providergateway.host.api.SessionHost} (for the sessions of this client) and every
 * {@link GatewayClientListener}, under the session ids callers use. Client thread only.
 */
final class EventRouter {
  private static final System.Logger LOG = System.getLogger(GatewayClient.class.getName());
  private final SessionTable sessions;
  private final List<GatewayClientListener> listeners;

  /** The progress listeners of this client's calls in flight, by the {@code tool.call}'s id. */
  private final Map<JsonNode, ProgressListener> progress = new HashMap<>();

  /**
   * Gates' questions put to this client's sessions' hosts and not yet ended, by ask id, oldest
   * first, so that {@code gate.ask.ended} hands the channel its question. Bounded: the gateway
   * keeps at most 64 open, and a question whose end never comes (the connection dropped) is
   * forgotten once {@link #MAX_OPEN_QUESTIONS} are newer.
   */
  private final Map<String, Asked> questions = new LinkedHashMap<>();

  private static final int MAX_OPEN_QUESTIONS = 256;

  /** A question and the channel it went to. */
  private record Asked(AskChannel channel, PersonQuestion question) {}

  EventRouter(SessionTable sessions, List<GatewayClientListener> listeners) {
    this.sessions = sessions;
    this.listeners = listeners;
  }

  void route(HostOutput output) {
    if (output instanceof SessionLog log) {
      String id = ownSession(log.sessionId(), h -> h.host.log(h.id, log.source(), log.message()));
      listeners.forEach(l -> l.sessionLog(id, log.source(), log.message()));
    } else if (output instanceof SessionSend send) {
      String id =
          ownSession(send.sessionId(), h -> h.host.send(h.id, send.source(), send.prompt()));
      listeners.forEach(l -> l.sessionSend(id, send.source(), send.prompt()));
    } else if (output instanceof ToolsChanged changed) {
      String id = ownSession(changed.sessionId(), sessions::fetchTools);
      listeners.forEach(l -> l.toolsChanged(id, changed.tools()));
    } else if (output instanceof StreamUpdated updated) {
      ownSession(updated.sessionId(), h -> h.host.streamUpdated(h.id, updated.stream()));
    } else if (output instanceof OffersChanged changed) {
      ownSession(changed.sessionId(), h -> h.host.offersChanged(h.id, changed.list()));
    } else if (output instanceof GateAsk ask) {
      ownSession(ask.question().sessionId(), h -> asked(h, ask.question()));
    } else if (output instanceof GateAskEnded ended) {
      Asked asked = questions.remove(ended.askId());
      if (asked != null) {
        tell(
            asked.channel(), ch -> ch.ended(asked.question(), ended.outcome(), ended.answeredBy()));
      }
    } else if (output instanceof CallProgress call) {
      ProgressListener listener = progress.get(call.callId());
      if (listener != null) {
        listener.progress(call.message());
      }
    } else if (output instanceof SessionEnded ended) {
      String id = sessions.ended(ended.sessionId());
      listeners.forEach(l -> l.sessionEnded(id));
    } else if (output instanceof ProviderPresence presence) {
      for (GatewayClientListener listener : listeners) {
        if (presence.connected()) {
          listener.providerConnected(presence.providerId(), presence.name(), presence.instance());
        } else {
          listener.providerDisconnected(
              presence.providerId(), presence.name(), presence.instance());
        }
      }
    }
    // gateway.started / gateway.stopped / unknown events: nothing to do on this carrier.
  }

  /**
   * The {@code tool.call} {@code callId}'s progress goes to {@code listener} until {@link
   * #stopListening}.
   */
  void listen(JsonNode callId, ProgressListener listener) {
    progress.put(callId, listener);
  }

  /** The call {@code callId} ended (or was cancelled): its progress goes nowhere from now on. */
  void stopListening(JsonNode callId) {
    progress.remove(callId);
  }

  /** Puts a gate's question to the session's host, under the session id it knows. */
  private void asked(SessionTable.Handle handle, PersonQuestion onGateway) {
    AskChannel channel = handle.host.askChannel();
    if (channel == null) {
      return; // the host offered one at session.start, and none now: the deadline answers
    }
    PersonQuestion question =
        new PersonQuestion(
            onGateway.askId(),
            handle.id,
            onGateway.tool(),
            onGateway.args(),
            onGateway.callId(),
            onGateway.provider(),
            onGateway.gateId(),
            onGateway.question(),
            onGateway.deadline());
    if (questions.size() >= MAX_OPEN_QUESTIONS) {
      questions.remove(questions.keySet().iterator().next());
    }
    questions.put(question.askId(), new Asked(channel, question));
    tell(channel, ch -> ch.ask(question));
  }

  /**
   * Calls the host's channel as the gateway does its own: a channel that throws is the host's bug,
   * logged; the connection's other events still reach their hosts, and the question's deadline
   * answers it.
   */
  private static void tell(AskChannel channel, Consumer<AskChannel> call) {
    try {
      call.accept(channel);
    } catch (RuntimeException | LinkageError e) {
      LOG.log(System.Logger.Level.WARNING, "the host's ask channel " + channel + " failed", e);
    }
  }

  /**
   * Runs {@code action} when {@code gatewayId} is a session of this client; gives the id callers
   * use.
   */
  private String ownSession(String gatewayId, Consumer<SessionTable.Handle> action) {
    SessionTable.Handle handle = sessions.onGateway(gatewayId);
    if (handle == null) {
      return gatewayId;
    }
    action.accept(handle);
    return handle.id;
  }
}
