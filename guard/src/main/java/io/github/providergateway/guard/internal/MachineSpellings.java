package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The machine's and the disks' harms under the spellings the red-team pass of issue 80 found past
 * the rules: sysrq enabled by sysctl's slash form or any mask ({@code kernel/sysrq=1}, {@code
 * kernel.sysrq=128}), a login service stopped by its init script ({@code /etc/init.d/ssh stop}),
 * snapshots deleted as btrfs subvolumes, and a filesystem resized to a size of its own ({@code
 * resize2fs /dev/vg0/home 1G}: a shrink when the size is smaller).
 */
final class MachineSpellings {
  private MachineSpellings() {}

  /** Init scripts whose stop ends access to the machine. */
  private static final Set<String> ACCESS_SCRIPTS =
      NameSet.of(
          "ssh",
          "sshd",
          "gdm",
          "gdm3",
          "lightdm",
          "sddm",
          "networking",
          "network-manager",
          "NetworkManager",
          "xdm");

  /** Adds the predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put(
        "sysctl-enables-sysrq",
        (scan, step, read) -> {
          for (Word word : step.args()) {
            if (enablesSysrq(word.text())) {
              return true;
            }
          }
          return false;
        });
    named.put(
        "init-script-stops-access",
        (scan, step, read) -> {
          List<Word> words = step.invocation().words();
          if (words.size() < 2) {
            return false;
          }
          String path = words.get(0).text();
          int slash = path.lastIndexOf('/');
          String folder = slash < 0 ? "" : path.substring(0, slash);
          String verb = words.get(1).text();
          return (folder.equals("/etc/init.d") || folder.equals("/etc/rc.d"))
              && ACCESS_SCRIPTS.contains(path.substring(slash + 1))
              && (verb.equals("stop") || verb.equals("force-stop"));
        });
    named.put(
        "names-snapshots",
        (scan, step, read) -> {
          for (Word word : step.args()) {
            if (!word.text().startsWith("-") && SnapshotNames.named(word.text())) {
              return true;
            }
          }
          return false;
        });
    named.put(
        "sizes-filesystem",
        (scan, step, read) -> {
          int positionals = 0;
          boolean device = false;
          for (Word word : step.args()) {
            if (!word.text().startsWith("-")) {
              device |= positionals == 0 && (word.text().startsWith("/dev/") || !word.literal());
              positionals++;
            }
          }
          // resize2fs DEVICE SIZE: a size of its own, smaller or not; an image file is the
          // project's
          return device && positionals >= 2;
        });
  }

  /** {@code kernel.sysrq=N} or {@code kernel/sysrq=N} with any mask but 0. */
  static boolean enablesSysrq(String text) {
    String t = text.replace('/', '.');
    if (!t.startsWith("kernel.sysrq=")) {
      return false;
    }
    String value = t.substring("kernel.sysrq=".length()).strip();
    return !value.isEmpty() && !value.equals("0");
  }
}
