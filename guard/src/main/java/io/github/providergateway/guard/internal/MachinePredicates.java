package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the book's machine and disk rules ask in code (issue 80): every process of the user
 * signalled by a pattern that matches all or by a process list nobody filtered ({@code
 * signals-every-process}, {@code kills-listed-processes}, {@code code-kills-every-process}), the
 * magic SysRq files and other files a program writes whose place is the harm ({@code writes-sysrq},
 * …), power and disks over D-Bus ({@code bus-power}, {@code bus-disk}), a device named by what
 * another program computes ({@code device-computed}) or opened for writing by inline code ({@code
 * code-writes-device}), a volume shrunk ({@code shrinks-volume}), the system's own packages removed
 * ({@code removes-core-package}), and a set-user-id bit ({@code sets-setuid}).
 */
final class MachinePredicates {
  /** The patterns of {@code pkill}/{@code pgrep} that every process name matches. */
  private static final Set<String> MATCH_ALL = Set.of(".", ".*", "^", "", "^.*$", ".+", "^.", "$");

  /** The programs that list processes, whose output fed to kill unfiltered is every process. */
  private static final Set<String> LISTS_PROCESSES = Set.of("ps", "pgrep", "pidof", "top");

  /** The programs that filter a list on its way to kill. */
  private static final Set<String> FILTERS =
      Set.of("grep", "egrep", "fgrep", "rg", "head", "tail", "sed", "ag", "fzf");

  /** The programs that destroy what is on the device they are given. */
  private static final Set<String> DEVICE_WRITERS =
      Set.of(
          "dd",
          "wipefs",
          "shred",
          "blkdiscard",
          "sgdisk",
          "sfdisk",
          "fdisk",
          "parted",
          "gdisk",
          "cryptsetup",
          "mke2fs",
          "mkswap",
          "pvcreate",
          "badblocks",
          "hdparm",
          "nvme",
          "cat",
          "tee",
          "pv");

  /** The programs whose output names the machine's block devices. */
  private static final Pattern DEVICE_LISTING =
      Pattern.compile(
          "\\b(?:lsblk|blkid|findmnt|fdisk -l|sfdisk -l|parted -l)\\b"
              + "|/dev/(?:sd|nvme|vd|xvd|hd|mmcblk|disk/|mapper/|md|dm-)|/dev(?![/\\w])");

  /** Inline code that signals every process: kill(-1, …), kill(…, -1), a psutil loop. */
  private static final Pattern CODE_KILLS_ALL =
      Pattern.compile(
          "\\bkill(?:pg)?\\s*\\(?\\s*(?:-1\\s*[,)]|[\\w.:'\"]{1,30}\\s*,\\s*-1\\b)"
              + "|process_iter\\s*\\([^)]{0,80}\\)(?:(?!\\bif\\b)[^\\n]){0,120}?"
              + "\\.(?:kill|terminate|send_signal)\\s*\\("
              + "|\\.(?:kill|terminate|send_signal)\\s*\\([^)]{0,20}\\)\\s+for\\s+\\w+\\s+in\\s+"
              + "[\\w.]{0,20}process_iter\\s*\\([^)]{0,80}\\)\\s*[\\])]");

  /** Inline code that opens a block device for writing. */
  private static final Pattern CODE_WRITES_DEVICE =
      Pattern.compile(
          "(?:writeFileSync|createWriteStream|appendFileSync)\\s*\\(\\s*['\"]/dev/(?:sd[a-z]|nvme\\d|vd[a-z]"
              + "|xvd[a-z]|hd[a-z]|mmcblk\\d|disk/|mapper/)|"
              + "/dev/(?:sd[a-z]|nvme\\d|vd[a-z]|xvd[a-z]|hd[a-z]|mmcblk\\d|disk/|mapper/|dm-\\d|md\\d|loop\\d)"
              + "[^\\n]{0,80}?(?:['\"](?:w|wb|r\\+b?|rb\\+|a|ab|w\\+b?)['\"]|O_WRONLY|O_RDWR|"
              + "writeFileSync|createWriteStream|openSync\\([^)]{0,60}['\"]r?\\+?w)");

  /** The words naming power and session calls on the bus. */
  private static final Pattern BUS_POWER =
      Pattern.compile(
          "(?:PowerOff|Reboot|Halt|Suspend|Hibernate|HybridSleep|KExec|Shutdown|Logout"
              + "|TerminateSession|TerminateUser|TerminateSeat|KillSession|KillUser|RequestShutdown"
              + "|RequestReboot)");

  /** The words naming a disk's destruction on UDisks' bus. */
  private static final Pattern BUS_DISK =
      Pattern.compile("(?:\\.Format|\\bFormat\\b|\\.Delete|DeletePartition|\\.Resize|\\.Wipe)");

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
      Set.of("sudo", "wheel", "admin", "root", "docker", "lxd", "libvirt", "disk", "shadow", "adm");

  /** A miner's name, or its pool's protocol, in a container runner's arguments. */
  private static final Pattern MINER =
      Pattern.compile(
          "(?i)xmrig|xmr-stak|\\bminerd\\b|cpuminer|ethminer|nbminer|lolminer|phoenixminer|t-rex"
              + "|stratum\\+(?:tcp|ssl)://|nicehash|cryptonight|\\bsrbminer|teamredminer");

  /** The programs that start an image by name, whose arguments may name a miner's. */
  private static final Set<String> CONTAINER_RUNNERS =
      Set.of("docker", "podman", "nerdctl", "kubectl", "ctr", "crictl", "finch", "lima");

  /** Inline code that writes the hosts or resolver file. */
  private static final Pattern CODE_WRITES_HOSTS =
      Pattern.compile(
          "(?:open|writeFileSync|appendFileSync|File\\.(?:open|write))\\s*\\(\\s*['\"]"
              + "/etc/(?:hosts|resolv\\.conf)['\"]\\s*(?:,\\s*['\"][wa+]|,\\s*[^)]{0,80}\\))");

  /** The browsers' and the network manager's saved secrets, as a program is given them. */
  private static final Pattern SAVED_SECRETS =
      Pattern.compile(
          "(?:\\.mozilla/firefox/|google-chrome/|chromium/|BraveSoftware/|microsoft-edge/|"
              + "\\.librewolf/|vivaldi/|Firefox/Profiles/|Google/Chrome/|Chromium/|opera/|"
              + "com\\.operasoftware\\.Opera/|Microsoft Edge/|qutebrowser/|epiphany/|Library/Safari/)"
              + "[^ ]{0,200}?(?:cookies\\.sqlite|places\\.sqlite|logins\\.json|"
              + "key[34]\\.db|formhistory\\.sqlite|Cookies|Login Data|History|Web Data|"
              + "history\\.sqlite|ephy-history\\.db|cookies\\.db)"
              + "|Library/Cookies/Cookies\\.binarycookies"
              + "|802-11-wireless-security\\.psk|wifi-sec\\.psk|802-1x\\.password");

  /** An IPv4 address, or an IPv6 one with at least two groups. */
  private static final Pattern ADDRESS =
      Pattern.compile(
          "\\b(?:[0-9]{1,3}\\.){3}[0-9]{1,3}\\b|\\b[0-9a-fA-F]{1,4}:[0-9a-fA-F]{0,4}:[0-9a-fA-F:]{1,30}");

  /** The longest argument read as code: a longer one is read by the inline code rules alone. */
  private static final int CODE_MAX = 64 * 1024;

  /** The names of kernels, boot loaders and the C library: a glob after one removes them all. */
  private static final List<String> CORE_PREFIXES =
      List.of("linux-image-", "linux-modules-", "kernel-core-", "grub-", "grub2", "shim-", "libc6");

  private MachinePredicates() {}

  /** Adds the predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("signals-every-process", (scan, step, read) -> signalsEveryProcess(step));
    named.put("kills-listed-processes", MachinePredicates::killsListedProcesses);
    named.put(
        "code-kills-every-process",
        (scan, step, read) -> step.interpreter() && codeMatches(step, CODE_KILLS_ALL));
    named.put(
        "code-writes-device",
        (scan, step, read) -> step.interpreter() && codeMatches(step, CODE_WRITES_DEVICE));
    named.put(
        "writes-sysrq",
        writes(Set.of("/proc/sysrq-trigger", "/proc/sys/kernel/sysrq"), List.of(), false));
    Where.Predicate resolvers =
        writes(
            Set.of("/etc/resolv.conf", "/etc/nsswitch.conf", "/etc/host.conf"),
            List.of("/etc/systemd/resolved.conf", "/etc/NetworkManager/dnsmasq.d/"),
            true);
    Where.Predicate hosts = writes(Set.of("/etc/hosts"), List.of(), true);
    named.put(
        "writes-name-resolution",
        (scan, step, read) ->
            resolvers.test(scan, step, read)
                || hosts.test(scan, step, read) && namesForeignAddress(scan));
    named.put(
        "writes-trust-store",
        writes(
            Set.of("/etc/ca-certificates.conf"),
            List.of(
                "/usr/local/share/ca-certificates/",
                "/usr/share/ca-certificates/",
                "/etc/ssl/certs/",
                "/etc/pki/ca-trust/source/",
                "/etc/pki/tls/certs/",
                "/etc/ca-certificates/trust-source/"),
            false));
    named.put(
        "writes-accounts",
        writes(
            Set.of(
                "/etc/sudoers",
                "/etc/passwd",
                "/etc/shadow",
                "/etc/group",
                "/etc/gshadow",
                "/etc/doas.conf"),
            List.of("/etc/sudoers.d/", "/etc/polkit-1/rules.d/", "/etc/security/"),
            false));
    named.put(
        "writes-login-manager",
        writes(
            Set.of(
                "/etc/gdm3/custom.conf",
                "/etc/gdm/custom.conf",
                "/etc/lightdm/lightdm.conf",
                "/etc/sddm.conf"),
            List.of("/etc/lightdm/lightdm.conf.d/", "/etc/sddm.conf.d/", "/etc/gdm3/daemon.conf"),
            false));
    named.put(
        "changes-shell-history",
        (scan, step, read) -> {
          Path home = scan.places().home();
          for (Access access : OwnAccesses.of(scan, step)) {
            Path path = access.target().path();
            if (access.changes()
                && path != null
                && path.startsWith(home)
                && isHistory(access.target().name())) {
              return true;
            }
          }
          return false;
        });
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
        "key-file-in-ssh",
        (scan, step, read) -> {
          Argv argv = Argv.of(step.args(), "fbtNCOnImVZwzPEaTGMSRK");
          for (char reads : "lyeiFRHLQcpsYDkBrGTMA".toCharArray()) {
            if (argv.has(reads) && argv.value(reads) == null
                || reads == 'R' && argv.value('R') != null
                || reads == 'G' && argv.value('G') != null
                || reads == 'T' && argv.value('T') != null
                || reads == 'M' && argv.value('M') != null) {
              return false; // a key read, shown, converted or a list made: nothing overwritten
            }
          }
          String file = argv.value('f');
          if (file == null || file.endsWith(".pub")) {
            return false;
          }
          Path home = scan.places().home();
          Path path =
              file.startsWith("~/")
                  ? home.resolve(file.substring(2))
                  : file.startsWith("$HOME/")
                      ? home.resolve(file.substring(6))
                      : file.startsWith("/") ? Path.of(file) : null;
          return path != null && path.normalize().startsWith(home.resolve(".ssh"));
        });
    named.put(
        "binds-all-interfaces",
        (scan, step, read) -> {
          List<Word> args = step.args();
          for (int i = 0; i < args.size(); i++) {
            String text = args.get(i).text();
            String next = i + 1 < args.size() ? args.get(i + 1).text() : "";
            if (text.equals("--address=0.0.0.0")
                || text.equals("--address") && next.startsWith("0.0.0.0")
                || text.startsWith("--address=0.0.0.0,")) {
              return true;
            }
          }
          return false;
        });
    named.put(
        "on-device",
        (scan, step, read) -> {
          for (Word word : step.args()) {
            String text = word.text();
            if (text.startsWith("/dev/") || !word.literal() && text.contains("$")) {
              return true;
            }
          }
          return false;
        });
    named.put(
        "names-miner",
        (scan, step, read) ->
            CONTAINER_RUNNERS.contains(step.program())
                ? anyArg(step, text -> text.length() < 400 && MINER.matcher(text).find())
                : anyArg(step, text -> text.contains("stratum+")));
    named.put("scans-network", MachinePredicates::scansNetwork);
    named.put(
        "code-writes-name-resolution",
        (scan, step, read) ->
            step.interpreter()
                && codeMatches(step, CODE_WRITES_HOSTS)
                && namesForeignAddress(scan));
    named.put("rewrites-personal-files", MachinePredicates::rewritesPersonalFiles);
    named.put(
        "reads-saved-secrets",
        (scan, step, read) -> {
          if (anyArg(
              step,
              text ->
                  text.length() < 1000
                      && (text.indexOf('/') >= 0 || text.indexOf(".p") >= 0)
                      && SAVED_SECRETS.matcher(text).find())) {
            return true;
          }
          for (Access access : OwnAccesses.of(scan, step)) {
            Path path = access.target().path();
            if (path != null && path.startsWith("/etc/NetworkManager/system-connections")) {
              return true;
            }
          }
          return false;
        });
    named.put("bus-power", (scan, step, read) -> busCall(step, "login1", BUS_POWER));
    named.put("bus-disk", (scan, step, read) -> busCall(step, "UDisks2", BUS_DISK));
    named.put("device-computed", MachinePredicates::deviceComputed);
    named.put(
        "shrinks-volume",
        (scan, step, read) -> {
          Argv argv = Argv.of(step.args(), "Ll", "size", "extents");
          String size = argv.value('L') != null ? argv.value('L') : argv.value("size");
          String extents = argv.value('l') != null ? argv.value('l') : argv.value("extents");
          return size != null && size.startsWith("-") || extents != null && extents.startsWith("-");
        });
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
  private static boolean codeMatches(Step step, Pattern pattern) {
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

  /** A predicate: the program writes (or deletes, with {@code deletes}) one of these files. */
  private static Where.Predicate writes(Set<String> exact, List<String> under, boolean deletes) {
    return (scan, step, read) -> {
      for (Access access : OwnAccesses.of(scan, step)) {
        if (access.kind() == Access.Kind.READ
            || access.kind() == Access.Kind.DELETE && !deletes
            || access.metadataOnly()) {
          continue;
        }
        Path path = access.target().path();
        if (path == null) {
          continue;
        }
        String text = path.toString();
        if (exact.contains(text)) {
          return true;
        }
        for (String folder : under) {
          if (text.startsWith(folder) || (text + "/").equals(folder)) {
            return true;
          }
        }
      }
      return false;
    };
  }

  private static boolean isHistory(String name) {
    return name.equals(".bash_history")
        || name.equals(".zsh_history")
        || name.equals(".zhistory")
        || name.equals(".sh_history")
        || name.equals(".history")
        || name.equals(".python_history")
        || name.equals(".node_repl_history")
        || name.equals(".psql_history")
        || name.equals(".mysql_history")
        || name.equals(".sqlite_history")
        || name.equals(".lesshst")
        || name.equals("fish_history");
  }

  /** {@code busctl}, {@code dbus-send}, {@code gdbus}, {@code qdbus}: a service and a method. */
  private static boolean busCall(Step step, String service, Pattern method) {
    boolean to = false;
    boolean calls = false;
    for (Word word : step.args()) {
      String text = word.text();
      to |= text.contains(service);
      calls |= text.length() < 200 && method.matcher(text).find();
    }
    return to && calls;
  }

  /**
   * A program that destroys what is on a device, given one another program computes ({@code dd
   * of=$(lsblk …)}), one find or xargs fills in from {@code /dev} ({@code find /dev … -exec wipefs
   * -a {} \;}, {@code ls /dev/sd? | xargs wipefs -a}), or a variable set from such a listing.
   */
  private static boolean deviceComputed(Scan scan, Step step, Where.Read read) {
    String program = step.program();
    if (!DEVICE_WRITERS.contains(program)
        && !program.startsWith("mkfs")
        && !program.equals("wipefs")) {
      return false;
    }
    if (program.equals("cat") || program.equals("tee") || program.equals("pv")) {
      // only where what they write to is computed: cat img > $(lsblk …)
      for (var redirect : step.invocation().redirects()) {
        String target = redirect.target().text();
        if (!redirect.target().literal() && target.contains("$")) {
          return listsDevices(scan);
        }
      }
      return false;
    }
    List<String> via = step.invocation().via();
    boolean filled = via.contains("xargs") || via.contains("find -exec");
    for (Word word : step.args()) {
      String text = word.text();
      if (text.equals("{}") || text.endsWith("={}")) {
        filled = true;
      } else if (!word.literal()
          && (text.contains("$(") || text.contains("`") || text.contains("$"))
          && !text.startsWith("if=$")) {
        filled = true;
      }
    }
    return filled && listsDevices(scan); // the command's text read last, and only for a writer
  }

  /** Whether the command names the machine's disks or a program that lists them. */
  private static boolean listsDevices(Scan scan) {
    return OwnAccesses.once(
        scan,
        () -> {
          String source = scan.source();
          return source != null && DEVICE_LISTING.matcher(source).find();
        });
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

  /**
   * Whether the command names an address that is not this machine's (127.0.0.1 app.local is a
   * developer's alias; 203.0.113.10 github.com sends a name elsewhere), or one it cannot read.
   */
  private static boolean namesForeignAddress(Scan scan) {
    String source = scan.source();
    if (source == null || source.length() > 64 * 1024) {
      return true;
    }
    Matcher address = ADDRESS.matcher(source);
    while (address.find()) {
      String found = address.group();
      if (!found.startsWith("127.") && !found.equals("0.0.0.0")) {
        return true;
      }
    }
    return source.contains("$") || source.contains("base64");
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
