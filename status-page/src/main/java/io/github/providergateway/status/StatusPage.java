package io.github.providergateway.status;

import static io.github.providergateway.loop.base.Durations.requirePositive;
import static java.util.Objects.requireNonNull;

import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.gateway.event.GatewayListener;
import io.github.providergateway.gateway.event.Refusal;
import io.github.providergateway.gateway.event.SessionHookRule;
import io.github.providergateway.host.DecisionLog;
import io.github.providergateway.host.api.AskChannel;
import io.github.providergateway.host.api.AskOutcome;
import io.github.providergateway.host.api.PersonCheck;
import io.github.providergateway.host.api.PersonQuestion;
import io.github.providergateway.host.api.ProviderInfo;
import io.github.providergateway.http.HttpRoute;
import io.github.providergateway.loop.Scheduler;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.status.internal.ExpiringTokens;
import io.github.providergateway.status.internal.LiveViewers;
import io.github.providergateway.status.internal.StatusNumbers;
import io.github.providergateway.status.internal.StatusRoute;
import io.github.providergateway.status.internal.StatusSnapshot;
import java.net.URI;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.List;

/**
 * A live status page for people, on the gateway's own loopback port: its sessions, providers
 * (trust, instance, connected since, calls in flight), each session's tools and streams with their
 * latest events, the latest decisions of the audit trail with their reasons, and the numbers (calls
 * by outcome, call and gate latency, calls in flight and queued, pushes accepted and refused), and
 * gates' questions waiting for the person, with Allow and Deny (extension {@code gate.ask}: while a
 * page is open, it is one of the gateway's channels). The page updates itself as the gateway
 * changes, without a reload; it is plain HTML, CSS and JavaScript served from this jar (no
 * framework, nothing from elsewhere).
 *
 * <pre>{@code
 * StatusPage status = StatusPage.builder(gateway, scheduler).decisionLog(decisions).build();
 * WebSocketServer server =
 *     WebSocketServer.builder(gateway).route(StatusPage.PATH, StatusPage.MAX_BODY_BYTES, status.route()).build().start();
 * URI link = status.openLink(server.httpUrl()); // http://127.0.0.1:9400/status?open=...
 * }</pre>
 *
 * <p><b>Who may see it.</b> Only someone given a link by {@link #openLink}: each works once, within
 * {@link Builder#linkLifetime} (5 minutes), and trades itself for a cookie that lets that browser
 * in for {@link Builder#viewerLifetime} (12 hours, or until the gateway stops). Without the cookie
 * every path answers 403. Links carry no gateway token: whoever may ask for one (the console, a
 * host that authenticated with the token) already could read all of this. The server's own checks
 * come first: loopback peers only, a {@code Host} naming the server, and no foreign {@code Origin}
 * (see {@link HttpRoute}).
 *
 * <p><b>What it costs.</b> It hears the gateway's decisions ({@link GatewayListener#decided}), so a
 * gateway with a status page builds them (as it does for an audit trail). While no page is open it
 * reads nothing more; an open page gets a snapshot at most every 250 ms while things change and
 * every 2 s when they do not. At most {@link Builder#maxViewers} browsers hold cookies and the
 * server's event-stream cap bounds the open pages.
 */
public final class StatusPage implements AutoCloseable {

  /** Where to route it: {@code /status}. */
  public static final String PATH = StatusRoute.PATH;

  /**
   * The largest request body it reads: an answer to a gate's question ({@code POST
   * /status/answer}); route it with {@code WebSocketServer.Builder.route(PATH, MAX_BODY_BYTES,
   * route())}.
   */
  public static final long MAX_BODY_BYTES = StatusRoute.MAX_ANSWER_BYTES;

  /** What the audit trail and the other channels call the page when it answers a question. */
  public static final String CHANNEL_NAME = "status page";

  private final ExpiringTokens links;
  private final LiveViewers live;
  private final StatusRoute route;

  private StatusPage(Builder builder) {
    Gateway gateway = builder.gateway;
    SecureRandom random = new SecureRandom();
    this.links =
        new ExpiringTokens(
            builder.maxLinks, builder.linkLifetime, gateway.transports().clock(), random);
    ExpiringTokens viewers =
        new ExpiringTokens(
            builder.maxViewers, builder.viewerLifetime, gateway.transports().clock(), random);
    StatusNumbers numbers = new StatusNumbers(gateway);
    StatusSnapshot snapshot =
        new StatusSnapshot(
            gateway,
            numbers,
            builder.decisionLog,
            builder.sessionNotes,
            builder.gatewayNotes,
            builder.agentNames);
    this.live = new LiveViewers(snapshot::read, builder.scheduler, gateway.transports().clock());
    this.route =
        new StatusRoute(
            links,
            viewers,
            builder.viewerLifetime,
            live,
            snapshot,
            (askId, allow) -> gateway.answerQuestion(askId, allow, CHANNEL_NAME),
            builder.personCheck);
    gateway.monitor().addListener(numbers);
    gateway.monitor().addListener(new Changes(live));
    gateway.asks().add(new Questions(live));
  }

  /**
   * Starts configuring a status page for {@code gateway}.
   *
   * @param gateway the gateway it shows
   * @param scheduler what times its updates (the gateway's own scheduler, or a manual clock in
   *     tests)
   * @return a new builder
   */
  public static Builder builder(Gateway gateway, Scheduler scheduler) {
    return new Builder(gateway, scheduler);
  }

  /** {@return what serves the page: route it at {@link #PATH}} */
  public HttpRoute route() {
    return route;
  }

  /**
   * A new one-time link to the page. Print it for the person who asked; it works once, within the
   * link lifetime, and holds no gateway token.
   *
   * @param httpBase where the server's routes are ({@code WebSocketServer.httpUrl()})
   * @return {@code <httpBase>/status?open=<code>}
   */
  public URI openLink(URI httpBase) {
    String base = httpBase.toString();
    if (base.endsWith("/")) {
      base = base.substring(0, base.length() - 1);
    }
    return URI.create(base + PATH + "?open=" + links.issue());
  }

  /** {@return how many pages are open now, each with its event stream} */
  public int openPages() {
    return live.size();
  }

  /** Closes every open page's stream; links and cookies stop working with the server. */
  @Override
  public void close() {
    live.close();
  }

  /**
   * The page as a channel for gates' questions to the person (extension {@code gate.ask}): it
   * reaches every session while someone has it open; each open page shows the questions waiting
   * (the snapshot's {@code questions}) with Allow and Deny. Runs on the gateway loop.
   */
  private static final class Questions implements AskChannel {
    private final LiveViewers live;

    Questions(LiveViewers live) {
      this.live = live;
    }

    @Override
    public String name() {
      return CHANNEL_NAME;
    }

    @Override
    public boolean reaches(String sessionId) {
      return live.size() > 0;
    }

    @Override
    public void ask(PersonQuestion question) {
      live.changed();
    }

    @Override
    public void ended(PersonQuestion question, AskOutcome outcome, String answeredBy) {
      live.changed();
    }
  }

  /** Tells the open pages that something they show has changed. Runs on the gateway loop. */
  private static final class Changes implements GatewayListener {
    private final LiveViewers live;

    Changes(LiveViewers live) {
      this.live = live;
    }

    @Override
    public void providerConnected(ProviderInfo provider) {
      live.changed();
    }

    @Override
    public void providerDisconnected(ProviderInfo provider) {
      live.changed();
    }

    @Override
    public void sessionStarted(SessionInfo session) {
      live.changed();
    }

    @Override
    public void sessionEnded(String sessionId) {
      live.changed();
    }

    @Override
    public void hookRulesChanged(String sessionId, List<SessionHookRule> rules) {
      live.changed();
    }

    @Override
    public void refused(Refusal refusal) {
      live.changed();
    }

    @Override
    public void decided(Decision decision) {
      live.changed();
    }
  }

  /**
   * Configures a {@link StatusPage}. Defaults: links live 5 minutes, at most 16 unused at once;
   * cookies live 12 hours, at most 32 browsers at once; no audit trail shown.
   */
  public static final class Builder {
    private final Gateway gateway;
    private final Scheduler scheduler;
    private DecisionLog decisionLog;
    private Duration linkLifetime = Duration.ofMinutes(5);
    private Duration viewerLifetime = Duration.ofHours(12);
    private int maxLinks = 16;
    private int maxViewers = 32;
    private java.util.function.Function<String, java.util.List<String>> sessionNotes =
        id -> java.util.List.of();
    private java.util.function.Supplier<java.util.List<String>> gatewayNotes = java.util.List::of;
    private PersonCheck personCheck = PersonCheck.ANYONE;
    private java.util.Map<String, String> agentNames = java.util.Map.of();

    private Builder(Gateway gateway, Scheduler scheduler) {
      this.gateway = requireNonNull(gateway, "gateway");
      this.scheduler = requireNonNull(scheduler, "scheduler");
    }

    /**
     * Shows the newest decisions of this trail (built for the same gateway) with their reasons.
     *
     * @param log the gateway's decision log
     * @return this builder
     */
    public Builder decisionLog(DecisionLog log) {
      this.decisionLog = requireNonNull(log, "log");
      return this;
    }

    /**
     * How long a link works if unused; default 5 minutes.
     *
     * @param lifetime positive
     * @return this builder
     * @throws IllegalArgumentException when not positive
     */
    public Builder linkLifetime(Duration lifetime) {
      this.linkLifetime = requirePositive(lifetime, "linkLifetime");
      return this;
    }

    /**
     * How long a browser that opened a link may come back without a new one; default 12 hours.
     *
     * @param lifetime positive
     * @return this builder
     * @throws IllegalArgumentException when not positive
     */
    public Builder viewerLifetime(Duration lifetime) {
      this.viewerLifetime = requirePositive(lifetime, "viewerLifetime");
      return this;
    }

    /**
     * How many browsers may hold a cookie at once; one more pushes out the oldest. Default 32.
     *
     * @param count at least 1
     * @return this builder
     * @throws IllegalArgumentException when less than 1
     */
    public Builder maxViewers(int count) {
      if (count < 1) {
        throw new IllegalArgumentException("maxViewers must be at least 1, was " + count);
      }
      this.maxViewers = count;
      return this;
    }

    /**
     * Lines the page shows under each session, by its id: the app's guard tells there what the
     * session has seen and the calls that set it (issue 65). None by default; a function that
     * throws shows none.
     *
     * @param notes the lines of a session, by its id
     * @return this builder
     */
    public Builder sessionNotes(java.util.function.Function<String, java.util.List<String>> notes) {
      this.sessionNotes = requireNonNull(notes, "notes");
      return this;
    }

    /**
     * Lines the page shows under its numbers, about the gateway as a whole: the app says there
     * where its audit trail is sent and how many records were dropped (issue 66). Read at each
     * update, off no lock of the page's: keep it cheap. None by default; a supplier that throws
     * shows none.
     *
     * @param notes the lines, at most 32 shown, each cut to 400 characters
     * @return this builder
     */
    public Builder gatewayNotes(java.util.function.Supplier<java.util.List<String>> notes) {
      this.gatewayNotes = requireNonNull(notes, "notes");
      return this;
    }

    /**
     * Who may open a link and answer a question (issue 75): the process at the other end of the
     * request is asked about before either. Default {@link PersonCheck#ANYONE}: whoever holds the
     * link or the cookie; the reference app refuses a process on a coding agent's side, so that an
     * agent that got hold of a link or a cookie still cannot answer its own gate's question.
     *
     * @param check the check
     * @return this builder
     */
    public Builder personCheck(PersonCheck check) {
      this.personCheck = requireNonNull(check, "check");
      return this;
    }

    /**
     * The coding agents' names for a person, by the word that names each in a session's client
     * ({@code claude-code} in {@code initialize}'s {@code clientInfo}, {@code agent:claude} for the
     * MCP front door's token) and in a decision's hook: {@code claude} is {@code Claude Code}. The
     * page keeps no list of agents of its own (decision 88): the reference app hands it its
     * dialects' ids and names, which are the guard's {@code agents.json} rows. None by default: a
     * session is shown by its client's own name ("an agent (claude-code)").
     *
     * @param names each agent's word and name, in the order tried (a client's name with two agents'
     *     words is the first's)
     * @return this builder
     */
    public Builder agentNames(java.util.Map<String, String> names) {
      this.agentNames =
          java.util.Collections.unmodifiableMap(
              new java.util.LinkedHashMap<>(requireNonNull(names, "names")));
      return this;
    }

    /** {@return a status page: route it, then hand out links} */
    public StatusPage build() {
      return new StatusPage(this);
    }
  }
}
