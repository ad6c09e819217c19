package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What the book's machine rules ask in code (issue 80): every process of the user signalled by a
 * pattern that matches all or by a process list nobody filtered ({@code signals-every-process},
 * {@code kills-listed-processes}, {@code code-kills-every-process}), power over D-Bus ({@code
 * bus-power}), privileged groups, the screen lock, a miner, a network scanned, the system's own
 * packages removed ({@code removes-core-package}), a set-user-id bit ({@code sets-setuid}) and the
 * person's photos rewritten. Devices reached by indirection are {@link DeviceIndirection}'s, the
 * files whose place is the harm {@link SystemFileWrites}'; the helpers they share are here.
 */
final class MachinePredicates {
  /** The patterns of {@code pkill}/{@code pgrep} that every process name matches. */
  private static final Set<String> MATCH_ALL =
      NameSet.of(".", ".*", "^", "", "^.*$", ".+", "^.", "$");

  /** The programs that list processes, whose output fed to kill unfiltered is every process. */
  private static final Set<String> LISTS_PROCESSES = NameSet.of("ps", "pgrep", "pidof", "top");

  /** The programs that filter a list on its way to kill. */
  private static final Set<String> FILTERS =
      NameSet.of("grep", "egrep", "fgrep", "rg", "head", "tail", "sed", "ag", "fzf");

  /** Inline code that signals every process: kill(-1, …), kill(…, -1), a psutil loop. */
  private static final Pattern CODE_KILLS_ALL =
      Pattern.compile(
          "\\bkill(?:pg)?\\s*\\(?\\s*(?:-1\\s*[,)]|[\\w.:'\"]{1,30}\\s*,\\s*-1\\b)"
              + "|process_iter\\s*\\([^)]{0,80}\\)(?:(?!\\bif\\b)[^\\n]){0,120}?"
              + "\\.(?:kill|terminate|send_signal)\\s*\\("
              + "|\\.(?:kill|terminate|send_signal)\\s*\\([^)]{0,20}\\)\\s+for\\s+\\w+\\s+in\\s+"
              + "[\\w.]{0,20}process_iter\\s*\\([^)]{0,80}\\)\\s*[\\])]");

  /** The words naming power and session calls on the bus. */
  private static final Pattern BUS_POWER =
      Pattern.compile(
          "(?:PowerOff|Reboot|Halt|Suspend|Hibernate|HybridSleep|KExec|Shutdown|Logout"
              + "|TerminateSession|TerminateUser|TerminateSeat|KillSession|KillUser|RequestShutdown"
              + "|RequestReboot)");

  /** The packages whose removal leaves the machine unbootable or unreachable. */
  private static final List<String> CORE_PACKAGES =
      List.of(
          "linux-image",
          "linux-generic",
          "linux-image-generic",
          "linux-headers-generic",
          "linux-modules",
          "kernel",
          "kernel-core",
          "linux",
          "systemd",
          "sudo",
          "openssh-server",
          "grub",
          "shim",
          "libc6",
          "glibc",
          "coreutils",
          "bash",
          "dpkg",
          "apt",
          "rpm",
          "dnf",
          "network-manager",
          "NetworkManager",
          "ubuntu-desktop",
          "gnome-shell",
          "gdm3",
          "xorg",
          "initramfs-tools",
          "dracut",
          "cryptsetup");

  /** The groups whose members are root, or can make themselves root. */
  private static final Set<String> PRIVILEGED_GROUPS =
      NameSet.of(
          "sudo", "wheel", "admin", "root", "docker", "lxd", "libvirt", "disk", "shadow", "adm");

  /** A miner's name, or its pool's protocol, in a container runner's arguments. */
  private static final Pattern MINER =
      Pattern.compile(
          "(?i)xmrig|xmr-stak|\\bminerd\\b|cpuminer|ethminer|nbminer|lolminer|phoenixminer|t-rex"
              + "|stratum\\+(?:tcp|ssl)://|nicehash|cryptonight|\\bsrbminer|teamredminer");

  /** The programs that start an image by name, whose arguments may name a miner's. */
  private static final Set<String> CONTAINER_RUNNERS =
      NameSet.of("docker", "podman", "nerdctl", "kubectl", "ctr", "crictl", "finch", "lima");

  /** The longest argument read as code: a longer one is read by the inline code rules alone. */
  private static final int CODE_MAX = 64 * 1024;

  /** The names of kernels, boot loaders and the C library: a glob after one removes them all. */
  private static final List<String> CORE_PREFIXES =
      List.of("linux-image-", "linux-modules-", "kernel-core-", "grub-", "grub2", "shim-", "libc6");

  private MachinePredicates() {}

  /** Adds the predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    LastingMachineChanges.addTo(named); // decision 332
    named.put("signals-every-process", (scan, step, read) -> signalsEveryProcess(step));
    named.put("kills-listed-processes", MachinePredicates::killsListedProcesses);
    named.put(
        "code-kills-every-process",
        PredicateGate.INTERPRETER.around((scan, step, read) -> codeMatches(step, CODE_KILLS_ALL)));
    named.put(
        "joins-privileged-group",
        (scan, step, read) ->
            anyArg(
                step,
                text -> {
                  for (String group : text.split(",", 16)) {
                    if (PRIVILEGED_GROUPS.contains(group)) {
                      return true;
                    }
                  }
                  return false;
                }));
    named.put(
        "idle-never",
        (scan, step, read) -> {
          List<Word> args = step.args();
          String last = args.isEmpty() ? "" : args.get(args.size() - 1).text();
          return last.equals("0") || last.equals("uint32 0");
        });
    named.put(
        "dconf-lock-off",
        (scan, step, read) ->
            anyArg(
                step,
                text ->
                    text.startsWith("/org/gnome/desktop/screensaver/lock")
                        || text.startsWith("/org/gnome/desktop/lockdown/disable-lock-screen")));
    named.put(
        "names-miner",
        CallClues.of(MINER, "stratum+")
            .around(
                (scan, step, read) ->
                    CONTAINER_RUNNERS.contains(step.program())
                        ? anyArg(
                            step, text -> text.length() < 400 && PatternLiterals.finds(MINER, text))
                        : anyArg(step, text -> text.contains("stratum+"))));
    named.put("scans-network", MachinePredicates::scansNetwork);
    named.put("rewrites-personal-files", MachinePredicates::rewritesPersonalFiles);
    named.put(
        "overwrites-persons-own-file",
        (scan, step, read) -> PersonsOwnFiles.overwrittenByForce(scan, step));
    named.put("bus-power", (scan, step, read) -> busCall(step, "login1", BUS_POWER));
    named.put("removes-core-package", MachinePredicates::removesCorePackage);
    named.put(
        "sets-setuid",
        (scan, step, read) ->
            anyArg(
                step,
                mode ->
                    mode.matches("[ugoa]*[+=][rwxXt]*s[rwxXt]*(?:,.*)?")
                        || mode.matches("0?[4-7][0-7]{3}")));
  }

  private static boolean signalsEveryProcess(Step step) {
    String program = step.program();
    Argv argv =
        program.equals("killall")
            ? Argv.of(step.args(), "usno", "user", "signal", "older-than", "younger-than")
            : Argv.of(
                step.args(),
                "uUgGPstF",
                "signal",
                "uid",
                "euid",
                "group",
                "pgroup",
                "parent",
                "session",
                "terminal",
                "pidfile",
                "ns",
                "nslist");
    List<Word> patterns = argv.positionals();
    boolean byOwner =
        argv.value('u') != null
            || argv.value('U') != null
            || argv.value("user") != null
            || argv.value("uid") != null
            || argv.value("euid") != null
            || argv.value('s') != null
            || argv.value('t') != null;
    if (patterns.isEmpty()) {
      return byOwner;
    }
    if (program.equals("killall") && !argv.has('r') && !argv.has("regexp")) {
      return false;
    }
    for (Word pattern : patterns) {
      if (MATCH_ALL.contains(pattern.text())) {
        return true;
      }
    }
    return false;
  }

  /**
   * kill given a process list nobody filtered: {@code kill -9 $(ps -u user -o pid=)}, {@code ps aux
   * | awk '{print $2}' | xargs kill}.
   */
  private static boolean killsListedProcesses(Scan scan, Step step, Where.Read read) {
    boolean fed = step.invocation().via().contains("xargs");
    if (!fed) {
      for (Word word : step.args()) {
        String text = word.text();
        if (!word.literal() && (text.contains("$(") || text.contains("`"))) {
          fed = true;
          break;
        }
      }
    }
    if (!fed) {
      return false;
    }
    boolean listed = false;
    for (Step other : scan.steps()) {
      String program = other.program();
      if (FILTERS.contains(program)) {
        return false;
      }
      if (program.equals("awk") || program.equals("gawk") || program.equals("mawk")) {
        for (Word word : other.args()) {
          if (word.text().contains("/")
              || word.text().contains("~")
              || word.text().contains("==")
              || word.text().contains("if")) {
            return false;
          }
        }
      }
      if (program.equals("pgrep") || program.equals("pidof")) {
        if (program.equals("pidof") || !signalsEveryProcess(other)) {
          return false; // a name looked up: the agent's own process, most likely
        }
        listed = true;
      } else if (program.equals("ps")) {
        Argv argv = Argv.of(other.args(), "Cpqo", "pid", "ppid", "sid", "format");
        if (argv.value('C') != null
            || argv.value('p') != null
            || argv.value('q') != null
            || argv.value("pid") != null
            || argv.value("ppid") != null) {
          return false;
        }
        listed = true;
      } else if (LISTS_PROCESSES.contains(program)) {
        listed = true;
      }
    }
    return listed;
  }

  /** Whether the code an interpreter is given, in any of its arguments, matches. */
  static boolean codeMatches(Step step, Pattern pattern) {
    for (Word word : step.args()) {
      String text = word.text();
      if (text.length() > 2 && text.length() <= CODE_MAX) {
        if (pattern.matcher(text).find()) {
          return true;
        }
      }
    }
    return false;
  }

  /** {@return whether one of the program's arguments, as text, passes the test} */
  static boolean anyArg(Step step, java.util.function.Predicate<String> test) {
    for (Word word : step.args()) {
      if (test.test(word.text())) {
        return true;
      }
    }
    return false;
  }

  /** {@code busctl}, {@code dbus-send}, {@code gdbus}, {@code qdbus}: a service and a method. */
  static boolean busCall(Step step, String service, Pattern method) {
    boolean to = false;
    boolean calls = false;
    for (Word word : step.args()) {
      String text = word.text();
      to |= text.contains(service);
      calls |= text.length() < 200 && method.matcher(text).find();
    }
    return to && calls;
  }

  private static boolean removesCorePackage(Scan scan, Step step, Where.Read read) {
    boolean pacman = step.program().equals("pacman");
    if (pacman) {
      boolean removes = false;
      for (Word word : step.args()) {
        String text = word.text();
        removes |= text.startsWith("-R") || text.equals("--remove");
      }
      if (!removes) {
        return false;
      }
    }
    for (Word word : step.args()) {
      String name = word.text().replace("'", "").replace("\"", "");
      for (String core : CORE_PACKAGES) {
        if (name.equals(core)
            || name.startsWith(core + "*")
            || name.startsWith(core + ":")
            || name.startsWith(core + "-*")) {
          return true;
        }
      }
      for (String prefix : CORE_PREFIXES) {
        if (name.startsWith(prefix) && name.indexOf('*') > 0) { // every version: no kernel left
          return true;
        }
      }
    }
    return false;
  }

  /** nmap over a range of addresses, masscan and zmap at all: a scan of a network. */
  private static boolean scansNetwork(Scan scan, Step step, Where.Read read) {
    String program = step.program();
    if (program.equals("masscan") || program.equals("zmap")) {
      return true;
    }
    for (Word word : step.args()) {
      String text = word.text();
      if (text.equals("-iL") || text.equals("-iR")) {
        return true;
      }
      int slash = text.indexOf('/');
      if (slash > 0 && text.substring(0, slash).matches("[0-9a-fA-F.:]{3,39}")) {
        String bits = text.substring(slash + 1);
        if (bits.matches("[0-9]{1,2}") && Integer.parseInt(bits) <= 24) {
          return true;
        }
      }
      if (text.matches(
              "[0-9]{1,3}\\.[0-9]{1,3}\\.[0-9*]{1,3}(?:-[0-9]{1,3})?\\.[0-9*]{1,3}-[0-9]{1,3}")
          || text.matches("[0-9]{1,3}\\.[0-9]{1,3}\\.[0-9]{1,3}-[0-9]{1,3}\\.[0-9*-]{1,7}")
          || text.matches("[0-9]{1,3}\\.[0-9]{1,3}\\.(?:\\*|[0-9]{1,3})\\.\\*")) {
        return true;
      }
    }
    return false;
  }

  /**
   * exiftool writing over the originals, mogrify, or convert writing its input back, in the home
   * outside the project: the person's own photos and documents changed for good.
   */
  private static boolean rewritesPersonalFiles(Scan scan, Step step, Where.Read read) {
    String program = step.program();
    boolean inPlace;
    if (program.equals("exiftool")) {
      inPlace = false;
      for (Word word : step.args()) {
        inPlace |= word.text().startsWith("-overwrite_original");
      }
    } else if (program.equals("convert") || program.equals("magick")) {
      int braces = 0;
      for (Word word : step.args()) {
        braces += word.text().equals("{}") ? 1 : 0;
      }
      inPlace = braces >= 2;
    } else if (program.equals("gm") || program.equals("exiv2")) {
      // GraphicsMagick's mogrify, exiv2's rm, modify, adjust and rename: each rewrites the file
      String verb = step.args().isEmpty() ? "" : step.args().get(0).text();
      inPlace =
          program.equals("gm")
              ? verb.equals("mogrify")
              : Set.of("rm", "delete", "mo", "modify", "ad", "adjust", "mv", "rename")
                  .contains(verb);
    } else {
      inPlace = program.equals("mogrify") || program.equals("jpegoptim");
    }
    if (!inPlace) {
      return false;
    }
    for (Step other : scan.steps()) {
      if (other != step && !other.program().equals("find")) {
        continue;
      }
      for (Word word : other.args()) {
        if (word.text().startsWith("-") || word.text().equals("{}")) {
          continue;
        }
        for (Target target : scan.targets(other, word)) {
          Place place = scan.place(target);
          if (place == Place.HOME || place == Place.OUTSIDE) {
            return true;
          }
        }
      }
    }
    return false;
  }
}
