package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A load put on live vehicles or devices and made to act (decision 214): a flight software image, a
 * table or a bitstream uploaded with {@code --activate}, {@code --erase-first} or {@code
 * --append-to-onboard} to a satellite, a station or a tail the call names; a navigation database
 * pushed {@code --install-on-next-power-up} to a fleet; a list pushed to {@code --all-devices}. The
 * flags are the tool's own words for "and now it runs there"; a dry run, a validation, a simulator
 * or a test's target named is no such load.
 */
final class OnboardLoads {
  private OnboardLoads() {}

  /** The flags that make a load act where it is put. */
  private static final Set<String> ACTIVATING =
      Set.of(
          "--activate",
          "--append-to-onboard",
          "--install-on-next-power-up",
          "--erase-first",
          "--activate-now");

  /** The flags that put it on every device at once, with no target needed. */
  private static final Set<String> EVERY_DEVICE = Set.of("--all-devices", "--all-vehicles");

  /** The options that name the live target: a spacecraft, a ground station, a fleet, a tail. */
  private static final Set<String> TARGETS =
      Set.of(
          "--sat",
          "--satellite",
          "--spacecraft",
          "--scid",
          "--station",
          "--fleet",
          "--tail",
          "--vehicle",
          "--aircraft");

  /** The flags that keep the load from acting. */
  private static final Set<String> HARMLESS =
      Set.of(
          "--dry-run",
          "--dryrun",
          "--validate-only",
          "--validate",
          "--simulate",
          "--sim",
          "--no-submit",
          "--plan-only",
          "--preview",
          "--check-only");

  /** The flag that makes the load act, or {@code null}. */
  static String activated(Step step) {
    List<Word> args = step.args();
    String flag = null;
    boolean target = false;
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text().toLowerCase(Locale.ROOT);
      int eq = text.indexOf('=');
      String name = eq > 0 ? text.substring(0, eq) : text;
      if (HARMLESS.contains(name)) {
        return null;
      }
      if (ACTIVATING.contains(name) || EVERY_DEVICE.contains(name)) {
        flag = flag == null || !EVERY_DEVICE.contains(flag) ? name : flag;
      }
      if (TARGETS.contains(name)) {
        String value =
            eq > 0 ? text.substring(eq + 1) : i + 1 < args.size() ? args.get(i + 1).text() : "";
        if (Environments.testName(value) || PlantPredicates.simulated(value)) {
          return null; // a simulator's or a test's spacecraft, station or tail
        }
        target = true;
      }
    }
    return flag != null && (target || EVERY_DEVICE.contains(flag)) ? flag : null;
  }
}
