package io.github.providergateway.status.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.host.api.PersonCheck;
import io.github.providergateway.host.protocol.HostCodec;
import io.github.providergateway.http.HttpRefusal;
import io.github.providergateway.http.HttpReply;
import io.github.providergateway.http.HttpRequest;
import io.github.providergateway.http.HttpRoute;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The status page's HTTP side, under {@code /status}. Everything needs a viewer's cookie except the
 * one-time link itself, which trades its code for that cookie and sends the browser on to {@code
 * /status} (so the code leaves the address bar at once):
 *
 * <ul>
 *   <li>{@code GET /status?open=<code>}: a live code → 303 to {@code /status} with the cookie; a
 *       used, expired or unknown one → 403;
 *   <li>{@code GET /status}, {@code /status/app.js}, {@code /status/app.css}: the page;
 *   <li>{@code GET /status/events}: the live snapshots, an event stream;
 *   <li>{@code GET /status/snapshot}: one snapshot as JSON;
 *   <li>{@code POST /status/answer} {@code {"askId":..,"allow":true|false}}: the person's answer to
 *       a gate's question (extension {@code gate.ask}); replies {@code {"decided":..}}. Besides the
 *       cookie it must come from the page itself: {@code Sec-Fetch-Site: same-origin} when the
 *       browser sends it, an {@code Origin} (which the server has checked is its own), and a JSON
 *       body, which no form of another page can send without asking first.
 * </ul>
 *
 * <p>What can be refused from the request line and headers (method, {@code Sec-Fetch-Site}, a link
 * that is not live, no live cookie, an answer not from the page) is refused by {@link #admit},
 * before the server reads any body; {@link #handle} checks it all again.
 *
 * <p>Without a live cookie every path answers 403 with a page saying how to get a link, and so does
 * a request a browser marks as made by another page ({@code Sec-Fetch-Site} other than {@code
 * same-origin} or {@code none}): every port of 127.0.0.1 is one site, so the cookie would go along
 * with another local server's page embedding ours as an image or script. The cookie is {@code
 * HttpOnly} and {@code SameSite=Strict}, scoped to {@code /status}, named after the port (two
 * gateways on one machine keep apart); it is never written to a log. Answers forbid framing and
 * allow only the page's own script and style ({@code Content-Security-Policy}).
 */
public final class StatusRoute implements HttpRoute {

  private static final System.Logger LOG = System.getLogger(StatusRoute.class.getName());

  /** Where a link's or an answer's check reads the process table, off the server's worker. */
  private static final java.util.concurrent.Executor CHECKS =
      io.github.providergateway.loop.base.DaemonThreads.single("status-person-check", 64);

  /** Where the page lives. */
  public static final String PATH = "/status";

  /** The largest answer body read: an ask id and a boolean need far less. */
  public static final int MAX_ANSWER_BYTES = 4096;

  /** Answers a question: {@code (askId, allow)} to whether that answer decided it. */
  @FunctionalInterface
  public interface Answers {
    /** The person's answer; completes with whether it decided the question. */
    CompletableFuture<Boolean> answer(String askId, boolean allow);
  }

  private static final String PAGE_RESOURCES = "/io/github/providergateway/status/page/";
  private static final String HTML = "text/html; charset=utf-8";
  private static final String ANSWER_PATH = PATH + "/answer";
  private static final String LINK_GONE =
      "This link was used already, or has expired (links work once, for a few minutes).";
  private static final HostCodec JSON = HostCodec.create();
  private static final Map<String, String> PAGE_HEADERS =
      Map.of(
          "Content-Security-Policy",
          "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self';"
              + " base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
          "X-Frame-Options",
          "DENY",
          "Referrer-Policy",
          "no-referrer");

  private final ExpiringTokens links;
  private final ExpiringTokens viewers;
  private final Duration viewerLifetime;
  private final LiveViewers live;
  private final StatusSnapshot snapshot;
  private final Answers answers;

  /**
   * Who may open a link and answer (issue 75): the person's browser, never a process on a coding
   * agent's side, whatever cookie or link it holds.
   */
  private final PersonCheck person;

  private final byte[] index = resource("index.html");
  private final byte[] script = resource("app.js");
  private final byte[] style = resource("app.css");

  public StatusRoute(
      ExpiringTokens links,
      ExpiringTokens viewers,
      Duration viewerLifetime,
      LiveViewers live,
      StatusSnapshot snapshot,
      Answers answers,
      PersonCheck person) {
    this.answers = answers;
    this.person = person;
    this.links = links;
    this.viewers = viewers;
    this.viewerLifetime = viewerLifetime;
    this.live = live;
    this.snapshot = snapshot;
  }

  /**
   * Everything this route would refuse from the request line and headers alone, so that a request
   * without a live cookie (or link) is answered before the server reads any of its body.
   */
  @Override
  public Optional<HttpRefusal> admit(HttpRequest head) {
    return refusal(head);
  }

  @Override
  public void handle(HttpRequest request, HttpReply reply) {
    // Admitted already; asked again, since a cookie or link may have expired meanwhile.
    Optional<HttpRefusal> refusal = refusal(request);
    if (refusal.isPresent()) {
      reply.send(refusal.get());
      return;
    }
    Optional<String> code = linkCode(request);
    if (code.isPresent()) {
      asThePerson(
          request,
          reply,
          "opening the status page",
          () -> open(code.get(), cookieName(request), reply));
      return;
    }
    if (request.path().equals(ANSWER_PATH)) {
      asThePerson(request, reply, "answering the gateway's question", () -> answer(request, reply));
      return;
    }
    switch (request.path().substring(PATH.length())) {
      case "", "/" -> reply.send(200, HTML, PAGE_HEADERS, index);
      case "/app.js" -> reply.send(200, "text/javascript; charset=utf-8", PAGE_HEADERS, script);
      case "/app.css" -> reply.send(200, "text/css; charset=utf-8", PAGE_HEADERS, style);
      case "/events" -> reply.openEvents(Map.of()).ifPresent(live::add);
      case "/snapshot" ->
          snapshot
              .read()
              .whenComplete(
                  (json, error) -> {
                    if (error != null) {
                      reply.send(503, "text/plain; charset=utf-8", "the gateway is stopping\n");
                    } else {
                      reply.send(
                          200, "application/json", Map.of(), json.getBytes(StandardCharsets.UTF_8));
                    }
                  });
      default -> reply.send(404, "text/plain; charset=utf-8", "not found\n");
    }
  }

  /**
   * What a request gets from its method, path and headers alone, or empty when it may go on: 405
   * for a method its path does not take; 403 for a request another page made, a link that is not
   * live, no live cookie, or an answer that does not come from the page itself. Decides only: a
   * link is redeemed by {@link #handle}.
   */
  private Optional<HttpRefusal> refusal(HttpRequest request) {
    boolean answering = request.path().equals(ANSWER_PATH);
    String allowed = answering ? "POST" : "GET";
    if (!request.method().equals(allowed) && !(request.method().equals("HEAD") && !answering)) {
      return Optional.of(
          new HttpRefusal(
              405,
              "text/plain; charset=utf-8",
              Map.of("Allow", allowed),
              ("only " + allowed + "\n").getBytes(StandardCharsets.UTF_8)));
    }
    String site = request.header("Sec-Fetch-Site").orElse("none");
    if (!site.equals("none") && !site.equals("same-origin")) {
      // Another page (another port of 127.0.0.1 is the same site) embedding or fetching ours: the
      // SameSite cookie would go along, so nothing is served to it, not even as an image.
      return Optional.of(forbidden("This status page is not served to other pages."));
    }
    Optional<String> code = linkCode(request);
    if (code.isPresent()) {
      return links.isLive(code.get()) ? Optional.empty() : Optional.of(forbidden(LINK_GONE));
    }
    if (!viewers.isLive(request.cookie(cookieName(request)).orElse(null))) {
      LOG.log(Level.DEBUG, "status page: {0} without a live viewer cookie refused", request.path());
      return Optional.of(forbidden("This status page opens only through a one-time link."));
    }
    if (answering && !fromThePage(request)) {
      return Optional.of(forbidden("Answers come from this page's own buttons."));
    }
    return Optional.empty();
  }

  /** The one-time link's code, when the request is {@code GET /status?open=<code>}. */
  private static Optional<String> linkCode(HttpRequest request) {
    return request.path().equals(PATH) ? request.queryParameter("open") : Optional.empty();
  }

  /**
   * Whether an answer comes from the page itself: the cookie got it here; a request another page
   * made cannot also carry a same-origin fetch's marks.
   */
  private static boolean fromThePage(HttpRequest request) {
    return request.header("Sec-Fetch-Site").map("same-origin"::equals).orElse(true)
        && request.header("Origin").isPresent()
        && request
            .header("Content-Type")
            .map(type -> type.startsWith("application/json"))
            .orElse(false);
  }

  /**
   * {@code POST /status/answer}: the page's Allow or Deny, from the page itself ({@link #refusal}).
   */
  private void answer(HttpRequest request, HttpReply reply) {
    JsonNode body;
    try {
      body = JSON.parseJson(request.bodyText());
    } catch (IllegalArgumentException e) {
      body = null;
    }
    if (body == null || !body.path("askId").isTextual() || !body.path("allow").isBoolean()) {
      reply.send(
          400,
          "text/plain; charset=utf-8",
          "the body must be {\"askId\": string, \"allow\": boolean}\n");
      return;
    }
    answers
        .answer(body.get("askId").textValue(), body.get("allow").booleanValue())
        .whenComplete(
            (decided, error) -> {
              if (error != null) {
                reply.send(503, "text/plain; charset=utf-8", "the gateway is stopping\n");
              } else {
                reply.send(
                    200,
                    "application/json",
                    Map.of(),
                    ("{\"decided\":" + decided + "}").getBytes(StandardCharsets.UTF_8));
              }
            });
  }

  private void open(String code, String cookie, HttpReply reply) {
    if (!links.redeem(code)) {
      reply.send(forbidden(LINK_GONE)); // redeemed or expired since it was admitted
      return;
    }
    String viewer = viewers.issue();
    reply.send(
        303,
        null,
        Map.of(
            "Location",
            PATH,
            "Referrer-Policy",
            "no-referrer",
            "Set-Cookie",
            cookie
                + "="
                + viewer
                + "; Path="
                + PATH
                + "; Max-Age="
                + viewerLifetime.toSeconds()
                + "; HttpOnly; SameSite=Strict"),
        new byte[0]);
  }

  /**
   * Runs {@code act} when the process that sent {@code request} may act for the person; else a 403
   * that says why. The link is not spent by a refusal: the person's own browser may still open it.
   */
  private void asThePerson(HttpRequest request, HttpReply reply, String what, Runnable act) {
    PersonCheck.refusalOfPeerAsync(
            person, request.peer(), request.local(), PersonCheck.Act.PERSON, CHECKS)
        .thenAccept(
            refusal -> {
              if (refusal.isEmpty()) {
                act.run();
                return;
              }
              LOG.log(Level.WARNING, "status page: {0} refused: {1}", what, refusal.get());
              reply.send(
                  forbidden(
                      "This page is the person's: "
                          + what
                          + " is refused to "
                          + refusal.get()
                          + ". Open the page in your own browser, from a link of your own."));
            });
  }

  /** The 403 page, saying {@code why} and how to get a new link. */
  private static HttpRefusal forbidden(String why) {
    String page =
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Provider gateway status</title></head>"
            + "<body><h1>Provider gateway status</h1><p>"
            + why
            + "</p><p>For a new link, type <code>status</code> in the gateway's console, or run"
            + " <code>./gateway status</code>.</p></body></html>";
    return new HttpRefusal(403, HTML, PAGE_HEADERS, page.getBytes(StandardCharsets.UTF_8));
  }

  /** {@code pg_status_<port>}: the port of the {@code Host} the server already checked. */
  static String cookieName(HttpRequest request) {
    String host = request.header("Host").orElse("");
    int colon = host.lastIndexOf(':');
    String port = colon < 0 ? "" : host.substring(colon + 1);
    return "pg_status_" + (port.chars().allMatch(Character::isDigit) ? port : "");
  }

  private static byte[] resource(String name) {
    try (InputStream in = StatusRoute.class.getResourceAsStream(PAGE_RESOURCES + name)) {
      if (in == null) {
        throw new IllegalStateException("the status page's " + name + " is missing from the jar");
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
