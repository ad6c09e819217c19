package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The kernel's knobs and the disks' controllers as the boot trade turns them (issue 80, decision
 * 127): a sysctl that hands the kernel's helpers to another program, a sysctl in production (memory
 * reserved away from the workload), an NVMe admin command that sanitizes or formats spelled as a
 * passthrough, a RAID controller's configuration destroyed, a host's disk given to a virtual
 * machine, a PCI device's registers written.
 */
final class BootKnobs {
  /**
   * The kernel's helpers handed to a program: the next module, hotplug or crash runs it as root.
   */
  private static final Pattern HOOK =
      Pattern.compile("(?i)^kernel\\.(?:modprobe|hotplug|poweroff_cmd|core_pattern=\\s*\\|)\\s*=?");

  /** Settings that take memory from the workload or stop the machine on a fault. */
  private static final Pattern RESERVES =
      Pattern.compile(
          "(?i)^vm\\.(?:nr_hugepages|nr_overcommit_hugepages|min_free_kbytes|panic_on_oom"
              + "|overcommit_memory=2|drop_caches)=|^kernel\\.panic(?:_on_oops)?=");

  /** NVMe admin opcodes that erase: Format NVM (0x80) and Sanitize (0x84). */
  private static final Pattern NVME_ERASE_OPCODE =
      Pattern.compile("(?i)(?:--opcode|-o)[ =](?:0x8[04]|128|132)\\b");

  /** A RAID controller's configuration or its virtual disks deleted. */
  private static final Pattern RAID_DESTROYED =
      Pattern.compile(
          "(?i)\\bresetconfig\\b|\\bdeletevd\\b|\\bclearforeignconfig\\b"
              + "|/c\\d+(?:/v(?:all|\\d+))?\\s+(?:del(?:ete)?\\b|set\\s+factory\\s+defaults)"
              + "|/c\\d+\\s+delete\\s+config|\\bld\\s+(?:all|\\d+)\\s+delete\\b|\\bdelete\\s+forced\\b"
              + "|-CfgClr\\b|-CfgLdDel\\b|-CfgForeign\\s+-Clear|\\bdelete\\s+\\d+\\s+logicaldrive\\b"
              + "|/Volumes/\\S+.{0,40}\\bDELETE\\b|\\bDELETE\\b\\s+\\S*/Volumes/");

  /** A host's own disk or partition, as a VM's drive or a libguestfs image. */
  private static final Pattern HOST_DISK =
      Pattern.compile(
          "(?:^|[=,:\\s])(/dev/(?:sd[a-z]{1,2}\\d*|nvme\\d+n\\d+(?:p\\d+)?|vd[a-z]\\d*|hd[a-z]\\d*"
              + "|xvd[a-z]\\d*|mmcblk\\d+(?:p\\d+)?|md\\d+|disk/by-(?:id|path|uuid|partuuid)/\\S+))"
              + "(?=$|[,\\s'\"])");

  /** A drive or image opened without writing. */
  private static final Pattern READ_ONLY =
      Pattern.compile(
          "(?i)readonly=on|readonly\\b|\\bro\\b|--ro\\b|(?:^|\\s)-r(?:\\s|$)|--read-only");

  private BootKnobs() {}

  /** Adds the predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("sysctl-hook-hijacked", (scan, step, read) -> sets(step, HOOK) != null);
    named.put(
        "sysctl-production",
        (scan, step, read) -> sets(step, null) != null && BootTargets.production(scan, step));
    named.put(
        "sysctl-reserves-production",
        (scan, step, read) -> sets(step, RESERVES) != null && BootTargets.production(scan, step));
    named.put(
        "proc-sys-production",
        (scan, step, read) -> {
          for (Word word : step.args()) {
            String text = word.text();
            if (text.startsWith("/proc/sys/") || text.startsWith("/sys/kernel/mm/")) {
              return BootTargets.production(scan, step);
            }
          }
          for (io.github.providergateway.guard.shell.Redirect redirect :
              step.invocation().redirects()) {
            if (redirect.writes()
                && redirect.target() != null
                && (redirect.target().text().startsWith("/proc/sys/")
                    || redirect.target().text().startsWith("/sys/kernel/mm/"))) {
              return BootTargets.production(scan, step);
            }
          }
          return false;
        });
    named.put(
        "nvme-passthru-erases",
        (scan, step, read) ->
            (BootPredicates.has(step, "admin-passthru") || BootPredicates.has(step, "io-passthru"))
                && PatternLiterals.finds(NVME_ERASE_OPCODE, BootPredicates.text(step)));
    named.put(
        "raid-destroyed",
        (scan, step, read) -> PatternLiterals.finds(RAID_DESTROYED, BootPredicates.text(step)));
    named.put("vm-owns-host-disk", (scan, step, read) -> vmOwnsHostDisk(step));
    named.put(
        "pci-registers-written",
        (scan, step, read) -> {
          for (Word word : step.args()) {
            String text = word.text();
            if (!text.startsWith("-") && text.indexOf('=') > 0) {
              return true; // setpci -s 00:1f.0 0xdc.b=0x0b
            }
          }
          return false;
        });
  }

  /**
   * The first {@code key=value} the sysctl sets that the pattern holds (any, for none), or {@code
   * null}: {@code sysctl -w vm.nr_hugepages=480000}, {@code sysctl kernel.modprobe=/x}.
   */
  private static String sets(Step step, Pattern pattern) {
    if (!step.program().equals("sysctl")) {
      return null;
    }
    for (Word word : step.args()) {
      String text = word.text().replace(" ", "");
      if (text.startsWith("-") || text.indexOf('=') < 0) {
        continue;
      }
      String knob = text.replace('/', '.');
      if (pattern == null || pattern.matcher(knob).find()) {
        return knob;
      }
    }
    return null;
  }

  /**
   * A host's disk given to a VM (virt-install, qemu, virsh attach-disk, VBoxManage's raw disk) or
   * opened writable by libguestfs (guestfish --rw, virt-format): the guest writes the host's disk.
   */
  private static boolean vmOwnsHostDisk(Step step) {
    String text = BootPredicates.text(step);
    Matcher disk = PatternLiterals.matcher(HOST_DISK, text);
    if (!disk.find()) {
      return false;
    }
    String program = step.program();
    if (program.equals("guestfish") || program.equals("guestmount")) {
      return text.contains("--rw") || text.matches("(?s).*\\s-w(?:\\s.*|$)");
    }
    if (program.startsWith("virt-") && !program.equals("virt-install")) {
      return !program.equals("virt-df")
          && !program.equals("virt-ls")
          && !program.equals("virt-cat")
          && !program.equals("virt-filesystems")
          && !program.equals("virt-inspector")
          && !PatternLiterals.finds(READ_ONLY, text);
    }
    return !PatternLiterals.finds(READ_ONLY, text);
  }
}
