package io.github.providergateway.host;

import io.github.providergateway.gateway.event.GatewayListener;
import io.github.providergateway.host.api.AskChannel;
import io.github.providergateway.host.api.AskOutcome;
import io.github.providergateway.host.api.HostTool;
import io.github.providergateway.host.api.McpFeature;
import io.github.providergateway.host.api.PersonQuestion;
import io.github.providergateway.host.api.ProviderInfo;
import io.github.providergateway.host.api.SessionHost;
import io.github.providergateway.host.protocol.GateAsk;
import io.github.providergateway.host.protocol.GateAskEnded;
import io.github.providergateway.host.protocol.HostEvent;
import io.github.providergateway.host.protocol.HostOutput;
import io.github.providergateway.host.protocol.OffersChanged;
import io.github.providergateway.host.protocol.ProviderPresence;
import io.github.providergateway.host.protocol.SessionEnded;
import io.github.providergateway.host.protocol.SessionLog;
import io.github.providergateway.host.protocol.SessionSend;
import io.github.providergateway.host.protocol.StreamUpdated;
import io.github.providergateway.host.protocol.ToolsChanged;
import io.github.providergateway.protocol.SessionInfo;
import java.lang.System.Logger.Level;
import java.util.List;

/**
 * Event fan-out to hosts: a session's timeline and its end go to the connection owning it now and
 * to every observer; provider presence goes to every authenticated connection. As a {@link
 * GatewayListener} it also keeps the {@link HostRegistry}'s live sessions current. Called on the
 * gateway loop.
 */
final class HostEvents implements GatewayListener {
  private static final System.Logger LOG = System.getLogger(HostEvents.class.getName());

  private final HostRegistry registry;

  HostEvents(HostRegistry registry) {
    this.registry = registry;
  }

  /**
   * A session's port to its host: routes the gateway's calls to whoever owns it now; {@code
   * stream.updated} to the owner alone, and only when {@code streamUpdates} (the owner asked for
   * them at {@code session.start}: the {@code --rpc} output changes for no one who did not); and,
   * when {@code asks}, gates' questions to the owner alone ({@link #askChannel}).
   */
  SessionHost router(HostRegistry.Owner owner, boolean streamUpdates, boolean asks) {
    AskChannel channel = asks ? askChannel(owner) : null;
    return new SessionHost() {
      @Override
      public AskChannel askChannel() {
        return channel;
      }

      @Override
      public void registerTools(String sessionId, List<HostTool> tools) {
        sendAll(registry.audience(owner), toolsChanged(sessionId, tools));
      }

      @Override
      public void log(String sessionId, String source, String message) {
        sendAll(registry.audience(owner), new SessionLog(sessionId, message, source));
      }

      @Override
      public void send(String sessionId, String source, String prompt) {
        sendAll(registry.audience(owner), new SessionSend(sessionId, prompt, source));
      }

      @Override
      public void streamUpdated(String sessionId, String stream) {
        toOwner(new StreamUpdated(sessionId, stream));
      }

      @Override
      public void offersChanged(String sessionId, McpFeature list) {
        toOwner(new OffersChanged(sessionId, list));
      }

      /** To the owner alone, when it asked for {@code streamUpdates} (the windows do). */
      private void toOwner(HostEvent event) {
        HostLink link = streamUpdates ? registry.linkOf(owner) : null;
        if (link != null) {
          link.connection.send(event);
        }
      }
    };
  }

  /**
   * The owner as a channel for gates' questions to the person (extension {@code gate.ask}): it
   * reaches the session while the owner is connected; {@code gate.ask} and {@code gate.ask.ended}
   * go to the owner's connection of the moment, which answers with {@code gate.answer}.
   */
  private AskChannel askChannel(HostRegistry.Owner owner) {
    return new AskChannel() {
      @Override
      public String name() {
        return "host";
      }

      @Override
      public boolean reaches(String sessionId) {
        return registry.linkOf(owner) != null;
      }

      @Override
      public void ask(PersonQuestion question) {
        HostLink link = registry.linkOf(owner);
        if (link != null) {
          link.connection.send(new GateAsk(question));
        }
      }

      @Override
      public void ended(PersonQuestion question, AskOutcome outcome, String answeredBy) {
        HostLink link = registry.linkOf(owner);
        if (link != null) {
          link.connection.send(
              new GateAskEnded(question.sessionId(), question.askId(), outcome, answeredBy));
        }
      }
    };
  }

  /** {@code tools.changed} naming {@code tools}. */
  static ToolsChanged toolsChanged(String sessionId, List<HostTool> tools) {
    return new ToolsChanged(sessionId, tools.stream().map(HostTool::name).toList());
  }

  @Override
  public void providerConnected(ProviderInfo provider) {
    sendAll(
        registry.everyone(),
        new ProviderPresence(true, provider.providerId(), provider.name(), provider.instance()));
  }

  @Override
  public void providerDisconnected(ProviderInfo provider) {
    sendAll(
        registry.everyone(),
        new ProviderPresence(false, provider.providerId(), provider.name(), provider.instance()));
  }

  @Override
  public void warning(String message) {
    LOG.log(Level.WARNING, "{0}", message);
  }

  @Override
  public void sessionStarted(SessionInfo session) {
    registry.sessionStarted(session.id());
  }

  @Override
  public void sessionEnded(String sessionId) {
    HostRegistry.Owner owner = registry.sessionEnded(sessionId);
    sendAll(registry.audience(owner), new SessionEnded(sessionId));
  }

  private static void sendAll(List<HostLink> targets, HostOutput output) {
    for (HostLink link : targets) {
      link.connection.send(output);
    }
  }
}
