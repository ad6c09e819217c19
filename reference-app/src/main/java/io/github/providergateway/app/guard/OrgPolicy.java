package io.github.providergateway.app.guard;

import io.github.providergateway.app.home.SystemSettings;
import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.gateway.event.DecisionKind;
import io.github.providergateway.loop.Scheduler;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The organisation's signed policy as a running gateway keeps it (issue 66, docs/team.md "The
 * signed policy"): the layer in force ({@link OrgLayer}), handed to the home's guard whenever it
 * changes; fetched at start and every {@code refresh} on the executor it is given, so that no fetch
 * ever delays a decision (a decision reads the guard's layers from a volatile reference and never
 * waits for this object).
 *
 * <p>At start the last good policy the home kept is verified and parsed again and used before any
 * fetch. A fetched policy is taken only when its signature verifies with the system settings' key,
 * it parses, its version is newer than the last good one's (the same version is taken only with the
 * same bytes: it is the same policy) and it has not expired. Anything else is refused, and the last
 * good policy stays. A policy in force that expires (at its instant, on the scheduler) is dropped,
 * and so is an expired one kept in the home: expired means no good policy, and the system settings'
 * {@code withoutPolicy} decides ({@code builtin} or {@code deny}), said loudly. Every change and
 * every refusal is a {@link Decision} of kind {@code other} in the audit trail (codes {@code
 * policy.changed}, {@code policy.refused}, {@code policy.expired}, {@code policy.missing}) and in
 * the home's {@link KeptPolicy}, which {@code gateway status} prints.
 *
 * <p>Thread-safe: what changes is guarded by this object, and the layer in force is also published
 * through a volatile field for {@link #label()}.
 */
public final class OrgPolicy implements AutoCloseable {

  private final PolicySettings settings;
  private final PolicyFetcher fetcher;
  private final Path home;
  private final Clock clock;
  private final Scheduler scheduler;
  private final Consumer<Decision> audit;
  private final Consumer<OrgLayer> layers;
  private final Consumer<String> loud;

  /** The layer in force; written under {@code this}, read from any thread. */
  private volatile OrgLayer inForce = new OrgLayer.None();

  /** What the home keeps. Guarded by {@code this}. */
  private KeptPolicy kept = KeptPolicy.empty();

  /** The next refresh, and the expiry of the policy in force. Guarded by {@code this}. */
  private Scheduler.Cancellable nextRefresh;

  private Scheduler.Cancellable expiry;

  /** Whether a fetch is under way (a tick finding one skips), or the gateway stopped. */
  private boolean fetching;

  /**
   * Whether a fetch of this run has settled. The first one is unconditional: the ETag it would send
   * comes from the home's file, which anyone with the person's account can edit (issue 78: the new
   * policy's ETag there made the server answer 304, and the old policy stayed).
   */
  private boolean fetchedThisRun;

  private boolean closed;

  OrgPolicy(
      PolicySettings settings,
      PolicyFetcher fetcher,
      Path home,
      Clock clock,
      Scheduler scheduler,
      Consumer<Decision> audit,
      Consumer<OrgLayer> layers,
      Consumer<String> loud) {
    this.settings = settings;
    this.fetcher = fetcher;
    this.home = home;
    this.clock = clock;
    this.scheduler = scheduler;
    this.audit = audit;
    this.layers = layers;
    this.loud = loud;
  }

  /**
   * The policy of {@code system}'s settings for the gateway of {@code home}.
   *
   * @param env the gateway's environment: the proxy variables
   * @param io where fetches run (never a decision's thread)
   * @param audit told each change and refusal
   * @param layers told the layer in force, at start and at each change
   * @param loud told what a person must see (no policy in force, a refusal), a line each
   */
  public static OrgPolicy create(
      SystemSettings system,
      Path home,
      Map<String, String> env,
      Clock clock,
      Scheduler scheduler,
      Executor io,
      Consumer<Decision> audit,
      Consumer<OrgLayer> layers,
      Consumer<String> loud) {
    PolicySettings settings = PolicySettings.read(system);
    return new OrgPolicy(
        settings,
        PolicyFetcher.create(settings, env, io, scheduler),
        home,
        clock,
        scheduler,
        audit,
        layers,
        loud);
  }

  /** {@return the settings read} */
  public PolicySettings settings() {
    return settings;
  }

  /** {@return the layer in force} */
  public OrgLayer inForce() {
    return inForce;
  }

  /**
   * {@return what {@code gateway status} says of the policy, from what this gateway holds now: for
   * its status page, which must not read the home's files at each look}
   */
  public synchronized List<String> statusLines() {
    return PolicyStatus.lines(settings, kept, clock.instant());
  }

  /**
   * {@return what the audit trail's records name as the policy in force: {@code org:v12}, {@code
   * builtin}, {@code deny}, or {@code none} when the system settings name no policy}
   */
  public Supplier<String> label() {
    return () -> inForce.label();
  }

  /**
   * Takes the kept policy, or the {@code withoutPolicy} layer, and starts fetching: at once and
   * every {@code refresh}. With no policy in the system settings, hands over {@link OrgLayer.None}.
   */
  public synchronized void start() {
    if (!settings.configured()) {
      publish(new OrgLayer.None());
      return;
    }
    for (String problem : settings.problems()) {
      loud.accept("organisation policy: " + problem);
    }
    try {
      kept = KeptPolicy.read(home);
    } catch (IOException e) {
      record(Decision.Outcome.REFUSED, "policy.refused", "the kept policy: " + e.getMessage());
    }
    KeptPolicy.Good good = kept.lastGood();
    if (good == null) {
      withoutPolicy("none has been fetched yet", "policy.missing");
    } else if (!settings.usable()) {
      withoutPolicy("the system settings' policy section cannot be used", "policy.missing");
    } else {
      try {
        PolicyDocument document = check(good.policy(), good.signature());
        if (document.version() != good.version()) {
          // The floor a newer policy must meet is the signed version, never the file's field
          // (issue 78: a version of 999999 there made every newer policy "older").
          record(
              Decision.Outcome.REFUSED,
              "policy.refused",
              "the kept policy's version field says "
                  + good.version()
                  + ", its signed bytes "
                  + document.version()
                  + ": the signed version is kept");
          kept =
              kept.withGood(good.withVersion(document.version()), kept.inForce(), kept.checkedAt());
        }
        if (document.expiredAt(clock.instant())) {
          withoutPolicy(
              "the kept policy v" + document.version() + " expired at " + document.expires(),
              "policy.expired");
        } else {
          adopt(document, "kept copy of " + good.source());
        }
      } catch (Refusal refusal) {
        // Nothing of a refused copy is believed, its version (the floor) and ETag neither.
        kept = kept.withoutGood();
        record(
            Decision.Outcome.REFUSED, "policy.refused", "the kept policy: " + refusal.getMessage());
        withoutPolicy("the kept policy was refused: " + refusal.getMessage(), "policy.missing");
      }
    }
    if (settings.usable()) {
      nextRefresh = scheduler.schedule(Duration.ZERO, this::tick);
    } else {
      save();
    }
  }

  /** A refresh, then the next one in {@code refresh}. */
  private void tick() {
    synchronized (this) {
      if (closed) {
        return;
      }
      nextRefresh = scheduler.schedule(settings.refresh(), this::tick);
    }
    refresh();
  }

  /**
   * Fetches the policy now, unless a fetch is under way.
   *
   * @return completes once the fetch is settled: taken, kept, or refused
   */
  public CompletableFuture<Void> refresh() {
    String etag;
    synchronized (this) {
      if (closed || fetching || !settings.usable()) {
        return CompletableFuture.completedFuture(null);
      }
      fetching = true;
      KeptPolicy.Good good = kept.lastGood();
      // A 304 keeps the policy in force; with none in force, the body is needed to check again.
      etag =
          fetchedThisRun && inForce instanceof OrgLayer.Policy && good != null ? good.etag() : null;
    }
    return fetcher.fetch(settings.url(), etag).thenAccept(this::settle);
  }

  private synchronized void settle(PolicyFetcher.Result result) {
    fetching = false;
    fetchedThisRun = true;
    if (closed) {
      return;
    }
    Instant now = clock.instant();
    if (result instanceof PolicyFetcher.NotModified) {
      kept = kept.checked(now);
      save();
    } else if (result instanceof PolicyFetcher.Failed failed) {
      refuse(failed.reason());
    } else if (result instanceof PolicyFetcher.Fetched fetched) {
      taken(fetched, now);
    }
  }

  private void taken(PolicyFetcher.Fetched fetched, Instant now) {
    PolicyDocument document;
    try {
      document = check(fetched.policy(), fetched.signature());
    } catch (Refusal refusal) {
      refuse(refusal.getMessage());
      return;
    }
    KeptPolicy.Good last = kept.lastGood();
    if (last != null && document.version() < last.version()) {
      refuse(
          "version "
              + document.version()
              + " is older than the last good one, "
              + last.version()
              + " (an old policy served again?)");
      return;
    }
    boolean same = last != null && Arrays.equals(last.policy(), fetched.policy());
    if (last != null && document.version() == last.version() && !same) {
      refuse(
          "version "
              + document.version()
              + " again, with other bytes than the last good one: a new policy needs a new version");
      return;
    }
    if (document.expiredAt(now)) {
      refuse("version " + document.version() + " expired at " + document.expires());
      return;
    }
    KeptPolicy.Good good =
        new KeptPolicy.Good(
            fetched.policy(),
            fetched.signature(),
            fetched.etag(),
            settings.url().toString(),
            now,
            document.version());
    boolean changed = !(same && inForce instanceof OrgLayer.Policy);
    kept = kept.withGood(good, new OrgLayer.Policy(document).label(), now);
    if (changed) {
      adopt(document, settings.url().toString());
    } else {
      save();
    }
  }

  /**
   * The layer a process that does not fetch (an agent's hook with no gateway running, {@code
   * gateway guard explain}) decides by: the home's kept policy, verified, parsed and unexpired at
   * {@code now}, else the {@code withoutPolicy} layer; {@link OrgLayer.None} with no policy in the
   * settings.
   */
  public static OrgLayer keptLayer(PolicySettings settings, Path home, Instant now) {
    if (!settings.configured()) {
      return new OrgLayer.None();
    }
    String why;
    try {
      KeptPolicy.Good good = KeptPolicy.read(home).lastGood();
      if (good == null) {
        why = "none has been fetched yet";
      } else if (!settings.usable()) {
        why = "the system settings' policy section cannot be used";
      } else {
        PolicyDocument document = check(good.policy(), good.signature(), settings);
        if (!document.expiredAt(now)) {
          return new OrgLayer.Policy(document);
        }
        why = "the kept policy v" + document.version() + " expired at " + document.expires();
      }
    } catch (IOException | Refusal e) {
      why = "the kept policy was refused: " + e.getMessage();
    }
    return settings.withoutPolicy() == PolicySettings.WithoutPolicy.DENY
        ? new OrgLayer.Deny(why)
        : new OrgLayer.Builtin(why);
  }

  private PolicyDocument check(byte[] bytes, String signature) throws Refusal {
    return check(bytes, signature, settings);
  }

  /** The policy of {@code bytes}, if {@code signature} is the organisation's over them. */
  private static PolicyDocument check(byte[] bytes, String signature, PolicySettings settings)
      throws Refusal {
    try {
      if (signature == null || signature.isBlank()) {
        throw new Refusal("no signature");
      }
      if (!PolicyKeys.verify(bytes, signature, settings.key())) {
        throw new Refusal(
            "bad signature: it does not verify with the system settings' policy.publicKey");
      }
      return PolicyDocument.parse(bytes);
    } catch (PolicyKeys.BadKeyException e) {
      throw new Refusal("bad signature: " + e.getMessage());
    } catch (PolicyDocument.NotAPolicyException e) {
      throw new Refusal(e.getMessage());
    }
  }

  private void adopt(PolicyDocument document, String source) {
    String was = inForce.label();
    OrgLayer.Policy layer = new OrgLayer.Policy(document);
    publish(layer);
    kept = kept.withInForce(layer.label());
    save();
    record(
        Decision.Outcome.OK,
        "policy.changed",
        "organisation policy "
            + layer.label()
            + " in force (was "
            + was
            + "), from "
            + source
            + ", expires "
            + document.expires());
    if (expiry != null) {
      expiry.cancel();
    }
    Duration left = Duration.between(clock.instant(), document.expires());
    expiry = scheduler.schedule(left.isNegative() ? Duration.ZERO : left, this::expireIfDue);
  }

  /** Drops the policy in force once its expiry has passed (its timer, or a late one). */
  private synchronized void expireIfDue() {
    if (!closed
        && inForce instanceof OrgLayer.Policy policy
        && policy.policy().expiredAt(clock.instant())) {
      withoutPolicy(
          "policy v" + policy.policy().version() + " expired at " + policy.policy().expires(),
          "policy.expired");
    }
  }

  private void withoutPolicy(String why, String code) {
    OrgLayer layer =
        settings.withoutPolicy() == PolicySettings.WithoutPolicy.DENY
            ? new OrgLayer.Deny(why)
            : new OrgLayer.Builtin(why);
    String what =
        layer instanceof OrgLayer.Deny
            ? "every call is denied until one arrives (policy.withoutPolicy: deny)"
            : "the guard decides by its built-in rules (policy.withoutPolicy: builtin)";
    loud.accept("NO ORGANISATION POLICY IN FORCE: " + why + "; " + what);
    publish(layer);
    kept = kept.withInForce(layer.label());
    save();
    record(Decision.Outcome.REFUSED, code, "no organisation policy in force: " + why + "; " + what);
  }

  private void refuse(String why) {
    String reason = "policy from " + settings.url() + " refused: " + why + "; " + keeping();
    loud.accept("organisation " + reason);
    kept = kept.withError(why, inForce.label(), clock.instant());
    save();
    record(Decision.Outcome.REFUSED, "policy.refused", reason);
  }

  private String keeping() {
    return inForce instanceof OrgLayer.Policy
        ? inForce.label() + " stays in force"
        : "still none in force (" + inForce.label() + ")";
  }

  private void publish(OrgLayer layer) {
    inForce = layer;
    layers.accept(layer);
  }

  private void record(Decision.Outcome outcome, String code, String reason) {
    audit.accept(
        Decision.builder(clock.instant(), DecisionKind.OTHER, outcome)
            .code(code)
            .reason(reason)
            .build());
  }

  private void save() {
    try {
      kept.write(home);
    } catch (IOException e) {
      // The policy in force is unaffected; only the next start's copy and the status are stale.
      loud.accept("organisation policy: cannot keep it in " + home + " (" + e.getMessage() + ")");
    }
  }

  /** {@return what the home keeps now} */
  synchronized KeptPolicy kept() {
    return kept;
  }

  /** Stops the timers; a fetch under way is settled as nothing. */
  @Override
  public synchronized void close() {
    closed = true;
    if (nextRefresh != null) {
      nextRefresh.cancel();
    }
    if (expiry != null) {
      expiry.cancel();
    }
  }

  /** Why a policy is not taken. */
  private static final class Refusal extends Exception {
    private static final long serialVersionUID = 1L;

    Refusal(String message) {
      super(message);
    }
  }
}
