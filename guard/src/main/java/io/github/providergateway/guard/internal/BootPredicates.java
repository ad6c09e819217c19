package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the book's {@code boot.*} rules ask in code (issue 80, decision 127), and the {@code
 * disks.*}, {@code hardware.*} and {@code machine.*} clauses the same trade added: a server's
 * management controller told to forget itself, boot from the network, lift its safeguards, cut
 * power, flash firmware or turn Secure Boot off, where it is a live server's ({@link BootTargets});
 * a machine's own boot told to stop in a rescue target, a provisioning system's erase, an initramfs
 * without its root, a PXE menu that installs by default, a downloaded EFI binary signed with one's
 * own key, the host's firmware flash written, an eBPF snoop on others' terminals, the kernel's
 * knobs in production.
 *
 * <p>The words are {@link BootLexicon}'s; the kernel's knobs and the disks' are {@link BootKnobs}'.
 */
final class BootPredicates {
  /** The programs that reach a management controller. */
  private static final Set<String> HTTP_CLIENTS =
      NameSet.of(
          "curl",
          "wget",
          "http",
          "https",
          "xh",
          "httpie",
          "Invoke-RestMethod",
          "Invoke-WebRequest");

  /** The options of dracut and mkinitcpio that leave a module or hook out of the image. */
  private static final Set<String> OMITS =
      NameSet.of("-o", "--omit", "--omit-drivers", "-S", "--skiphooks");

  private BootPredicates() {}

  /** Adds the predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("bmc-factory-reset", live(BootLexicon.BMC_FACTORY_RESET));
    named.put("bmc-safeguard-off", live(BootLexicon.BMC_SAFEGUARD_OFF));
    named.put("bmc-raw-power", live(BootLexicon.BMC_RAW_POWER));
    named.put("bmc-firmware-flash", live(BootLexicon.BMC_FIRMWARE));
    named.put("bmc-secure-boot-off", live(BootLexicon.SECURE_BOOT_OFF));
    named.put(
        "bmc-boot-persistent",
        (scan, step, read) -> {
          String text = text(step);
          return PatternLiterals.finds(BootLexicon.BOOT_OVERRIDE, text)
              && PatternLiterals.finds(BootLexicon.BOOT_PERSISTENT, text)
              && !BootTargets.lab(scan);
        });
    named.put(
        "bmc-boot-once",
        (scan, step, read) -> {
          String text = text(step);
          return PatternLiterals.finds(BootLexicon.BOOT_OVERRIDE, text)
              && !PatternLiterals.finds(BootLexicon.BOOT_PERSISTENT, text)
              && !BootTargets.lab(scan);
        });
    named.put(
        "broken-target",
        (scan, step, read) -> {
          String text = text(step);
          boolean verb =
              step.program().equals("systemctl")
                  ? has(step, "set-default") || has(step, "isolate")
                  : text.contains("isolate")
                      || text.contains("SetDefaultTarget")
                      || text.contains("default.target");
          return verb && PatternLiterals.finds(BootLexicon.BROKEN_TARGET, text);
        });
    named.put(
        "provisioning-erases",
        (scan, step, read) -> provisioning(step, BootLexicon.PROVISIONING_ERASE));
    named.put(
        "provisioning-releases",
        (scan, step, read) -> provisioning(step, BootLexicon.PROVISIONING_RELEASE));
    named.put("initramfs-without-root", (scan, step, read) -> initramfsWithoutRoot(scan, step));
    named.put(
        "ebpf-snoops",
        new ProgramNames(BootPredicates::snoopsByName, (scan, step, read) -> snoops(step)));
    named.put("signs-downloaded-efi", (scan, step, read) -> signsDownloaded(step));
    named.put("host-flash-written", (scan, step, read) -> hostFlashWritten(step));
    named.put(
        "names-efivars",
        (scan, step, read) -> {
          if (step.program().equals("chattr") && !has(step, "-i")) {
            return false; // chattr +i keeps a variable from change
          }
          for (Word word : step.args()) {
            String text = word.text();
            if (text.startsWith("/sys/firmware/efi/efivars/")
                || text.startsWith("/sys/firmware/efi/vars/")) {
              return true;
            }
          }
          return false;
        });
    named.put(
        "bmc-changed",
        (scan, step, read) -> {
          String text = text(step);
          return !httpClient(step)
              && PatternLiterals.finds(BootLexicon.BMC_CHANGE, text)
              && !BootTargets.lab(scan);
        });
    named.put(
        "bpf-attached-production",
        (scan, step, read) -> {
          String text = text(step);
          return PatternLiterals.finds(BPF_ATTACH, text) && BootTargets.production(scan, step);
        });
    named.put("names-no-project-target", (scan, step, read) -> !projectTarget(step));
    BootKnobs.addTo(named);
  }

  /** Adds the predicates of the whole call under their names. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put("pxe-menu-installs", BootPredicates::pxeMenuInstalls);
    named.put(
        "root-driver-blocked",
        BootPredicates.MODULE_SETTINGS_NAMED.around(BootPredicates::rootDriverBlocked));
    named.put("redfish-tool-acts", BootPredicates::redfishToolActs);
    named.put("boot-file-weakened", BootPredicates::bootFileWeakened);
  }

  /** The program's words joined by blanks, its name first. */
  static String text(Step step) {
    StringBuilder all = new StringBuilder(step.program());
    for (Word word : step.args()) {
      if (all.length() > 16_384) {
        break;
      }
      all.append(' ').append(word.text());
    }
    return all.toString();
  }

  static boolean has(Step step, String word) {
    for (Word arg : step.args()) {
      if (arg.text().equals(word)) {
        return true;
      }
    }
    return false;
  }

  private static Where.Predicate live(Pattern pattern) {
    return (scan, step, read) -> {
      String text = text(step);
      if (httpClient(step) && !PatternLiterals.finds(MANAGEMENT_API, text)) {
        return false; // an HTTP client or inline code counts where it speaks to a controller
      }
      return pattern.matcher(text).find() && !BootTargets.lab(scan);
    };
  }

  /** What a request to a management controller or a provisioning system says of it. */
  static final Pattern MANAGEMENT_API =
      Pattern.compile(
          "(?i)redfish|/wsman|ipmi|idrac|\\bilo\\b|ilo[-_]|\\bbmc\\b|bmc[-_.]|maas|baremetal|ironic");

  /** A provisioning system's command or API (MAAS, Ironic, Foreman, Cobbler) saying the kind. */
  private static boolean provisioning(Step step, Pattern kind) {
    String text = text(step);
    String program = step.program();
    if (!program.equals("maas")
        && !PatternLiterals.finds(PROVISIONING, program + " " + (httpClient(step) ? text : ""))
        && !(program.equals("openstack") && text.contains("baremetal"))) {
      return false;
    }
    return kind.matcher(text).find();
  }

  private static final Pattern PROVISIONING =
      Pattern.compile("(?i)maas|baremetal|ironic|/v1/nodes|foreman|hammer|cobbler|/api/hosts");

  /** Whether an HTTP client or inline code is the program: Redfish is reached so too. */
  static boolean httpClient(Step step) {
    return HTTP_CLIENTS.contains(step.program()) || step.interpreter();
  }

  /**
   * dracut or mkinitcpio leaving out what finds or unlocks the root ({@code --omit "crypt lvm"},
   * {@code --omit-drivers nvme}, {@code -S encrypt}), the image written where the machine boots
   * from: no output named, or one below {@code /boot} or {@code /efi}.
   */
  private static boolean initramfsWithoutRoot(Scan scan, Step step) {
    List<Word> args = step.args();
    boolean omits = false;
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      String value = null;
      if (OMITS.contains(text) && i + 1 < args.size()) {
        value = args.get(++i).text();
      } else if (text.startsWith("--omit=") || text.startsWith("--omit-drivers=")) {
        value = text.substring(text.indexOf('=') + 1);
      }
      if (value != null && PatternLiterals.finds(BootLexicon.ROOT_MODULES, value)) {
        omits = true;
      }
    }
    if (!omits) {
      return false;
    }
    for (Word word : args) {
      String text = word.text();
      if (text.startsWith("/boot")
          || text.startsWith("/efi")
          || text.startsWith("/usr/lib/modules")) {
        return true;
      }
      if (!text.startsWith("-") && (text.endsWith(".img") || text.contains("initr"))) {
        return false; // an image the project builds: build/initramfs-lab.img
      }
    }
    return true;
  }

  private static boolean snoops(Step step) {
    String name = step.program();
    if (PatternLiterals.finds(BootLexicon.SNOOPS, name)) {
      return true;
    }
    if (probes(name)) {
      return BootLexicon.SNOOP_PROBES.matcher(text(step)).find();
    }
    return false;
  }

  /** {@return whether {@link #snoops} may hold of a program of this name} */
  private static boolean snoopsByName(String name) {
    return PatternLiterals.finds(BootLexicon.SNOOPS, name) || probes(name);
  }

  /** Whether a program of this name is given its probes in its words. */
  private static boolean probes(String name) {
    return name.equals("bpftrace")
        || name.startsWith("python")
        || name.startsWith("trace")
        || name.startsWith("argdist")
        || name.startsWith("funccount");
  }

  /** A UEFI binary that opens any machine trusting the key: a shell, a key tool. */
  private static final Pattern OPENING_EFI =
      Pattern.compile(
          "(?i)(?:^|/)(?:shell\\w*|uefishell\\w*|keytool|hashtool|lockdown|grub\\w*shell)\\.efi$");

  /** Where a downloaded file lies. */
  private static final Pattern DOWNLOADED =
      Pattern.compile("(?i)(?:^|/)Downloads/|^https?://|(?:^|/)(?:incoming|untrusted)/");

  /** sbsign, pesign, sbctl sign, sign-file: a downloaded binary or an opening one signed. */
  private static boolean signsDownloaded(Step step) {
    if (step.program().equals("sbctl") && !has(step, "sign")) {
      return false;
    }
    for (Word word : step.args()) {
      String text = word.text();
      if (PatternLiterals.finds(OPENING_EFI, text) || PatternLiterals.finds(DOWNLOADED, text)) {
        return true;
      }
    }
    return false;
  }

  /** An eBPF program attached to an interface, a cgroup or a hook: XDP, tc, bpftool. */
  private static final Pattern BPF_ATTACH =
      Pattern.compile(
          "(?i)^ip\\b.{0,120}\\bxdp(?:generic|drv|offload)?\\s+(?:obj|pinned|object)\\b"
              + "|^tc\\b.{0,160}\\bbpf\\b.{0,80}\\b(?:obj|object-file|da)\\b"
              + "|^bpftool\\b.{0,40}\\b(?:net\\s+attach|prog\\s+(?:load|loadall|attach)|cgroup\\s+attach"
              + "|link\\s+update|map\\s+update)\\b|^xdp-loader\\s+load\\b");

  /** The files a boot loader reads the kernel's command line from, outside any project. */
  private static final Pattern BOOT_CMDLINE_FILE =
      Pattern.compile(
          "^(?:/etc/default/grub(?:\\.d/.*)?|/etc/kernel/cmdline|/boot/loader/entries/.*|/efi/loader/entries/.*"
              + "|/boot/grub2?/grub\\.cfg|/boot/(?:firmware/)?cmdline\\.txt|/etc/kernel/cmdline\\.d/.*)$");

  /**
   * The edit tool writing a weakening setting into a boot loader's command line file ({@code
   * init=/bin/bash} in {@code /etc/default/grub}, {@code mitigations=off} in a loader entry).
   */
  private static String bootFileWeakened(Scan scan) {
    String[] edit = LoosenedEdits.edit(scan.call());
    if (edit == null || !PatternLiterals.matches(BOOT_CMDLINE_FILE, edit[0])) {
      return null;
    }
    return TamperPredicates.weakBoot(edit[2]) && !TamperPredicates.weakBoot(edit[1])
        ? edit[0]
        : null;
  }

  /**
   * Whether a boot loader's install names a target of the project's or a scratch one: a relative
   * folder ({@code --efi-directory=build/esp}), an image file, a loop device, {@code /tmp}.
   */
  private static boolean projectTarget(Step step) {
    for (Word word : step.args()) {
      String text = word.text();
      String value =
          text.startsWith("-") && text.indexOf('=') > 0
              ? text.substring(text.indexOf('=') + 1)
              : text;
      if (value.startsWith("-") || value.isEmpty()) {
        continue;
      }
      if (value.startsWith("/tmp/")
          || value.startsWith("/dev/loop")
          || value.startsWith("/work/project")
          || value.matches("(?i).*\\.(?:img|raw|qcow2|iso)$")
          || !value.startsWith("/") && value.contains("/")) {
        return true;
      }
    }
    return false;
  }

  /** What a flasher is told that writes: flashrom's -w and -E, afu's file without /O. */
  private static boolean hostFlashWritten(Step step) {
    String program = step.program().toLowerCase(Locale.ROOT);
    String text = text(step);
    if (program.startsWith("flashrom") || program.startsWith("flashprog")) {
      boolean writes =
          Pattern.compile("(?:^|\\s)(?:-w|--write|-E|--erase|-wv|--write=)").matcher(text).find();
      Matcher programmer = Pattern.compile("(?:-p|--programmer)[ =](\\S+)").matcher(text);
      String which = programmer.find() ? programmer.group(1) : "internal";
      return writes && (which.startsWith("internal") || which.startsWith("linux_mtd"));
    }
    if (program.startsWith("afu") || program.startsWith("fpt")) {
      return !Pattern.compile("(?i)\\s[/-]O\\b|\\s-d(?:ump)?\\b|\\s[/-]?-?help\\b|\\s-i\\b")
              .matcher(text)
              .find()
          && Pattern.compile("(?i)\\.(?:rom|bin|cap|fd|bio)\\b|\\s[/-]f\\b|\\s-rewrite\\b")
              .matcher(text)
              .find();
    }
    if (program.equals("flashcp")
        || program.equals("flash_erase")
        || program.equals("flash_eraseall")
        || program.equals("nandwrite")
        || program.equals("mtd_debug")) {
      return text.contains("/dev/mtd")
          && (!program.equals("mtd_debug") || text.contains(" write") || text.contains(" erase"));
    }
    return program.equals("modprobe") && text.contains("writeable=1");
  }

  /**
   * The edit tool writing a PXE or iPXE menu whose default boots an installer or a wipe with no
   * local boot chosen: once deployed, every machine that boots from the network reinstalls.
   */
  private static String pxeMenuInstalls(Scan scan) {
    String[] edit = LoosenedEdits.edit(scan.call());
    if (edit == null || !PatternLiterals.finds(BootLexicon.PXE_FILE, edit[0])) {
      return null;
    }
    String now = edit[2];
    if (!PatternLiterals.finds(BootLexicon.PXE_DEFAULT, now)
        || !PatternLiterals.finds(BootLexicon.PXE_INSTALL, now)
        || PatternLiterals.finds(BootLexicon.PXE_LOCAL_DEFAULT, now)) {
      return null;
    }
    Matcher entry = PatternLiterals.matcher(BootLexicon.PXE_DEFAULT, now);
    entry.find();
    return edit[0] + ": " + entry.group().trim();
  }

  /** Where a machine's module settings and kernel command line are kept. */
  private static final Pattern MODULE_SETTINGS =
      Pattern.compile(
          "(?:^|[\\s'\"=>])(?:/usr)?(?:/etc|/lib|/usr/lib|/run)/(?:modprobe\\.d|modprobe\\.conf|default/grub|mkinitcpio\\.conf"
              + "|kernel/cmdline|dracut\\.conf)|/boot/loader/entries/|\\bgrubby\\b|\\bkernelstub\\b|\\bkargs\\b");

  /** The literals one of {@link #MODULE_SETTINGS}' places holds: a command without them is none. */
  private static final String[] SETTINGS_CUES = {
    "modprobe", "grub", "cmdline", "dracut", "mkinitcpio", "loader/entries", "kernelstub", "kargs"
  };

  /**
   * A driver the root needs blocked from loading by the machine's module settings or command line
   * ({@code install nvme /bin/false} in {@code /etc/modprobe.d}, {@code modprobe.blacklist=ahci}):
   * the next boot finds no root.
   */
  /** A shell call {@link #rootDriverBlocked} may find something in: a module's setting named. */
  static final CallClues MODULE_SETTINGS_NAMED = CallClues.of(MODULE_SETTINGS);

  private static String rootDriverBlocked(Scan scan) {
    String[] edit = LoosenedEdits.edit(scan.call());
    String text;
    if (edit != null) {
      if (!PatternLiterals.finds(MODULE_SETTINGS, " " + edit[0])) {
        return null;
      }
      text = edit[2];
    } else {
      text = scan.source();
      if (text == null
          || text.length() > 65_536
          || !CodeArguments.containsAny(text, SETTINGS_CUES)
          || !PatternLiterals.finds(MODULE_SETTINGS, text)) {
        return null;
      }
    }
    Matcher blocked = PatternLiterals.matcher(BootLexicon.DRIVER_BLOCKED, text);
    if (blocked.find()) {
      return blocked.group().trim();
    }
    if (edit != null && edit[0].endsWith("mkinitcpio.conf")) {
      List<String> before = List.of(hooks(edit[1]).trim().split("\\s+"));
      List<String> after = List.of(hooks(edit[2]).trim().split("\\s+"));
      for (String hook : ROOT_HOOKS) {
        if (before.contains(hook) && !after.contains(hook)) {
          return edit[0] + ": HOOKS without " + hook;
        }
      }
    }
    return null;
  }

  /** mkinitcpio's hooks that find and unlock the root. */
  private static final List<String> ROOT_HOOKS =
      List.of("encrypt", "sd-encrypt", "lvm2", "mdadm_udev", "block", "filesystems");

  private static String hooks(String text) {
    Matcher line = Pattern.compile("(?m)^HOOKS=\\(([^)]*)\\)").matcher(text);
    return line.find() ? line.group(1) : "";
  }

  /**
   * A Redfish MCP tool's call that acts on a live server: a reset, a boot override, Secure Boot, a
   * firmware update, the controller's defaults ({@code mcp__redfish__reset_system}).
   */
  private static String redfishToolActs(Scan scan) {
    String tool = scan.call().tool().toLowerCase(Locale.ROOT);
    if (!tool.startsWith("mcp__")
        || !(tool.contains("redfish")
            || tool.contains("idrac")
            || tool.contains("ilo")
            || tool.contains("bmc")
            || tool.contains("ipmi"))) {
      return null;
    }
    String args = scan.call().args() == null ? "" : scan.call().args().toString();
    String all = tool + " " + args;
    if (BootTargets.labText(args)) {
      return null;
    }
    for (Pattern pattern :
        List.of(
            BootLexicon.BMC_FACTORY_RESET,
            BootLexicon.SECURE_BOOT_OFF,
            BootLexicon.BMC_FIRMWARE,
            BootLexicon.BOOT_OVERRIDE,
            BootLexicon.BMC_SAFEGUARD_OFF)) {
      Matcher m = pattern.matcher(all);
      if (m.find()) {
        return tool + ": " + m.group();
      }
    }
    Matcher verb =
        Pattern.compile(
                "(?i)mcp__[^_]+(?:_[^_]+)*__(?:\\w*_)?(?:reset|power_?(?:off|cycle)|reboot|restart"
                    + "|firmware|flash|update_bios|secure_?boot|boot_override|set_boot|factory|erase)")
            .matcher(tool);
    return verb.find() ? tool : null;
  }
}
