package io.github.providergateway.app.guard;

import io.github.providergateway.app.home.SystemSettings;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The organisation policy's lines of {@code gateway status} (issue 66): the layer in force, the
 * last good policy's version, age and source, and the last error, as the home keeps them ({@link
 * KeptPolicy}), so they are there with no gateway running.
 */
public final class PolicyStatus {

  private PolicyStatus() {}

  /** {@return the lines for {@code home} at {@code now}; none when no policy is named or kept} */
  public static List<String> lines(Path home, SystemSettings system, Instant now) {
    PolicySettings settings = PolicySettings.read(system);
    KeptPolicy kept;
    try {
      kept = KeptPolicy.read(home);
    } catch (IOException e) {
      return List.of(
          "Organisation policy: what the home keeps cannot be read (" + e.getMessage() + ")");
    }
    return lines(settings, kept, now);
  }

  /**
   * {@return the lines of a gateway whose policy {@code settings} name and which keeps {@code
   * kept}, at {@code now}: the running gateway's, from what it holds (its status page)}
   */
  static List<String> lines(PolicySettings settings, KeptPolicy kept, Instant now) {
    List<String> lines = new ArrayList<>();
    if (!settings.configured() && kept.lastGood() == null) {
      return lines;
    }
    String inForce = kept.inForce() == null ? "not yet decided" : kept.inForce();
    lines.add(
        "Organisation policy: "
            + inForce
            + (settings.configured()
                ? " (from " + (settings.url() == null ? "an unusable url" : settings.url()) + ")"
                : " (the system settings name no policy now)"));
    KeptPolicy.Good good = kept.lastGood();
    if (good != null) {
      lines.add(
          "  last good: version "
              + good.version()
              + ", fetched "
              + age(good.fetchedAt(), now)
              + " from "
              + good.source());
    }
    if (kept.checkedAt() != null) {
      lines.add("  last checked " + age(kept.checkedAt(), now));
    }
    if (kept.lastError() != null) {
      lines.add("  last error (" + age(kept.lastErrorAt(), now) + "): " + kept.lastError());
    }
    settings.problems().forEach(problem -> lines.add("  settings: " + problem));
    return lines;
  }

  private static String age(Instant then, Instant now) {
    if (then == null) {
      return "at an unknown time";
    }
    Duration age = Duration.between(then, now);
    if (age.isNegative()) {
      return "at " + then;
    }
    if (age.toDays() > 0) {
      return age.toDays() + " d ago (" + then + ")";
    }
    if (age.toHours() > 0) {
      return age.toHours() + " h ago (" + then + ")";
    }
    if (age.toMinutes() > 0) {
      return age.toMinutes() + " min ago (" + then + ")";
    }
    return age.toSeconds() + " s ago (" + then + ")";
  }
}
