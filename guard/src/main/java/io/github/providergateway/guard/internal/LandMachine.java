package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.Where.Read;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code land} rules' readings of what a program does to the laptop (decision 120): packages
 * the system runs on removed, files made immutable, the person locked out of their files, groups or
 * account, every connection dropped or routed elsewhere, backups and device management off, a
 * secret-holding process's memory dumped, the kernel's memory protections off, an agent forwarded
 * to a host nobody checked.
 */
final class LandMachine {
  private LandMachine() {}

  /** The device management agents of a company's laptops. */
  static final Pattern DEVICE_MANAGEMENT =
      Pattern.compile(
          "(?i)\\bjamf|jamfsoftware|kandji|mosyle|addigy|intune|microsoft\\.intune|com\\.fleetdm"
              + "|fleetd|\\borbit\\b|airwatch|workspace ?one|hubcli|\\bmunki|managedsoftwareupdate"
              + "|\\bsimplemdm|hexnode|\\bnudge\\b|\\bmdm\\b|mdmclient|miradore|meshagent|ninjarmm"
              + "|\\bkolide|\\bdrata|vanta-agent|\\bvanta\\b|\\bsecureframe|\\bdattormm|\\bkaseya");

  /** The processes whose memory holds the person's secrets. */
  static final Pattern SECRET_PROCESS =
      Pattern.compile(
          "(?i)ssh-agent|gpg-agent|1password|\\bop\\b|bitwarden|\\bbw\\b|keepass|lastpass|dashlane"
              + "|gnome-keyring|kwallet|keychain|securityd|\\blsass|secretd|pass(?:word)?-?manager"
              + "|chrome|chromium|firefox|brave|msedge|safari|\\bslack|teams|zoom|outlook|thunderbird"
              + "|vault|sshd|sudo|polkit|login|gnome-shell|signal|\\bcode\\b|cursor|keybase|\\bgh\\b");

  /** A process's memory read through /proc. */
  static final Pattern PROC_MEMORY = Pattern.compile("/proc/[^\\n/]{1,60}/mem\\b");

  /** The programs that dump a process's memory. */
  static final Set<String> DUMPERS =
      NameSet.of(
          "gcore",
          "gdb",
          "lldb",
          "procdump",
          "procdump64",
          "rundll32",
          "createdump",
          "dotnet-dump",
          "minidump",
          "memdump",
          "avml",
          "lime",
          "volatility",
          "process-dump",
          "pmdump",
          "dumpit");

  /** The packages a system cannot run without: its C library, init, shell, package tools, SSL. */
  static final Set<String> ESSENTIAL =
      NameSet.of(
          "libc6",
          "glibc",
          "libc-bin",
          "systemd",
          "systemd-sysv",
          "init",
          "sudo",
          "bash",
          "coreutils",
          "apt",
          "dpkg",
          "rpm",
          "dnf",
          "yum",
          "pacman",
          "python3",
          "python3-minimal",
          "libpython3-stdlib",
          "python",
          "python3.12",
          "python3.11",
          "python3.10",
          "openssl",
          "libssl3",
          "libssl1.1",
          "ca-certificates",
          "openssh-client",
          "openssh-server",
          "openssh",
          "network-manager",
          "networkmanager",
          "netplan.io",
          "ifupdown",
          "dbus",
          "polkit",
          "policykit-1",
          "login",
          "passwd",
          "util-linux",
          "base-files",
          "base-passwd",
          "grub2",
          "grub-pc",
          "grub-efi-amd64",
          "grub2-common",
          "shim-signed",
          "linux-image-generic",
          "linux-generic",
          "kernel",
          "kernel-core",
          "xorg",
          "xserver-xorg",
          "xserver-xorg-core",
          "gnome-shell",
          "gdm3",
          "gdm",
          "sddm",
          "lightdm",
          "plasma-desktop",
          "ubuntu-desktop",
          "perl-base",
          "perl",
          "tar",
          "gzip",
          "findutils",
          "grep",
          "sed",
          "gawk",
          "mawk",
          "libpam-modules",
          "pam",
          "libpam0g",
          "zlib1g",
          "zlib",
          "libselinux1",
          "udev",
          "kmod",
          "git",
          "curl",
          "libcurl4",
          "wpasupplicant",
          "openssl@3",
          "openssl@1.1",
          "python@3.12",
          "python@3.11",
          "python@3.13",
          "python@3.10",
          "readline",
          "sqlite",
          "xz",
          "ncurses",
          "gettext",
          "icu4c",
          "libyaml",
          "gnupg",
          "gpg",
          "bluez",
          "pulseaudio",
          "pipewire");

  /** {@code gcore $(pgrep ssh-agent)}, {@code cat /proc/$(pgrep -f keepassxc)/mem}. */
  static boolean dumpsSecretProcess(Step step) {
    String text = LandPredicates.joined(step);
    if (text == null) {
      return false;
    }
    if (PatternLiterals.finds(PROC_MEMORY, text)) {
      return true;
    }
    if (!DUMPERS.contains(step.program())) {
      return false;
    }
    String lower = text.toLowerCase(Locale.ROOT);
    if (step.program().startsWith("rundll32")) {
      return lower.contains("minidump");
    }
    if (step.program().equals("gdb") || step.program().equals("lldb")) {
      if (!lower.contains("gcore")
          && !lower.contains("generate-core-file")
          && !lower.contains("save-core")
          && !lower.contains("dump memory")) {
        return false;
      }
    }
    return PatternLiterals.finds(SECRET_PROCESS, text);
  }

  /** A package manager's removal that names a package the system cannot run without. */
  static boolean removesEssential(Step step) {
    for (Word word : step.args()) {
      String t = word.text();
      if (!t.startsWith("-")) {
        String name = t.toLowerCase(Locale.ROOT);
        int colon = name.indexOf(':'); // libc6:amd64
        name = colon > 0 ? name.substring(0, colon) : name;
        if (ESSENTIAL.contains(name)) {
          return true;
        }
      }
    }
    return false;
  }

  /** The flags chflags sets that keep a file from being changed or removed. */
  static final Set<String> LOCKING_FLAGS =
      NameSet.of(
          "uchg",
          "uchange",
          "uimmutable",
          "schg",
          "schange",
          "simmutable",
          "uappnd",
          "uappend",
          "sappnd",
          "sappend",
          "sunlnk",
          "sunlink",
          "uunlnk",
          "uunlink");

  /** {@code chattr +i}, {@code chattr =ai}, {@code chflags -R uchg}: a file made unchangeable. */
  static boolean setsImmutable(Step step) {
    boolean chattr = step.program().equals("chattr");
    for (Word word : step.args()) {
      String t = word.text();
      if (chattr) {
        if (t.length() > 1
            && t.length() < 20
            && (t.charAt(0) == '+' || t.charAt(0) == '=')
            && (t.indexOf('i') > 0 || t.indexOf('a') > 0)) {
          return true;
        }
      } else {
        for (String flag : t.split(",", 8)) {
          if (LOCKING_FLAGS.contains(flag)) {
            return true;
          }
        }
      }
    }
    return false;
  }

  /** The backup tools of a laptop, by their services' and agents' names. */
  static final Pattern LAPTOP_BACKUP =
      Pattern.compile(
          "(?i)deja-?dup|timemachine|backupd|backblaze|bztransmit|bzserv|crashplan|code42|carbonite"
              + "|\\barq|duplicati|synology-?drive|idrive|acronis|pika-backup|vorta|kopia-ui|timeshift");

  /** A kernel setting that takes a protection against reading other processes' memory off. */
  static final Pattern KERNEL_HARDENING_OFF =
      Pattern.compile(
          "^(?:kernel\\.randomize_va_space=0|kernel\\.yama\\.ptrace_scope=0|kernel\\.kptr_restrict=0"
              + "|kernel\\.dmesg_restrict=0|fs\\.protected_(?:symlinks|hardlinks|regular|fifos)=0"
              + "|kernel\\.unprivileged_bpf_disabled=0|kernel\\.perf_event_paranoid=-[12]"
              + "|fs\\.suid_dumpable=[12]|kernel\\.core_pattern=.*)$");

  /**
   * {@code ssh -A -o StrictHostKeyChecking=no host}: the person's keys agent forwarded to a host
   * whose key nobody checks, where whoever answers uses the keys for the session's length.
   */
  static boolean forwardsAgentUnverified(Step step) {
    boolean forwards = false;
    boolean unverified = false;
    for (Word word : step.args()) {
      String t = word.text();
      String lower = t.toLowerCase(Locale.ROOT).replace(" ", "");
      if (t.equals("-A")
          || t.startsWith("-")
              && !t.startsWith("--")
              && t.length() < 12
              && t.indexOf('A') > 0
              && t.matches("-[46ACGKMNTXYafgknqstvxy]+")) {
        forwards = true;
      }
      forwards |= lower.startsWith("forwardagent=yes") || lower.equals("forwardagentyes");
      unverified |=
          lower.startsWith("stricthostkeychecking=no")
              || lower.startsWith("stricthostkeychecking=off")
              || lower.startsWith("stricthostkeychecking=accept-new")
              || lower.startsWith("userknownhostsfile=/dev/null");
    }
    return forwards && unverified;
  }

  /** The system's own secrets: password hashes, sudo's rules, the host's private keys. */
  static final Pattern SYSTEM_SECRET =
      Pattern.compile(
          "^/etc/(?:g?shadow-?|sudoers|sudoers\\.d/.*|ssh/ssh_host_\\w+_key|master\\.passwd"
              + "|security/opasswd|krb5\\.keytab|ssl/private/.*)$");

  /** A mode that lets other users read: {@code 644}, {@code o+r}, {@code a+rw}. */
  static final Pattern OTHERS_READ =
      Pattern.compile("^0?[0-7]{2}[4-7]$|^(?:o|a|go|ugo)?\\+[rwx]*r[rwx]*$|^(?:o|a)=r\\w*$");

  /** {@code sudo chmod 644 /etc/shadow}: the system's secrets opened to every user. */
  static boolean exposesSystemSecret(Scan scan, Step step, Read read) {
    boolean opens = false;
    for (Word word : step.args()) {
      String t = word.text();
      if (!opens) {
        opens = PatternLiterals.matches(OTHERS_READ, t);
        continue;
      }
      if (PatternLiterals.matches(SYSTEM_SECRET, t)) {
        return true;
      }
    }
    return false;
  }

  /** A loop with no end, or of thousands, that starts a program in the background each turn. */
  /**
   * The texts one of which each of {@link #PROCESS_FLOOD}'s loops holds ({@code while}, {@code
   * until}, {@code for ((;;))}, a {@code $(seq} or a {@code {1..N}} range): a shell call with none
   * is not read with its regex, which no literal gate spares (a {@code for … in $(ls …)} opens
   * any).
   */
  private static final String[] ENDLESS_LOOPS = {"while", "until", "((", "$(seq", ".."};

  static final Pattern PROCESS_FLOOD =
      Pattern.compile(
          "(?s)\\b(?:while\\s+(?:true|:|\\[\\s*1\\s*])|until\\s+false|for\\s*\\(\\(\\s*;\\s*;\\s*\\)\\)"
              + "|for\\s+\\w+\\s+in\\s+(?:\\$\\(seq\\s+(?:\\d+\\s+)?\\d{4,}\\)|\\{\\d+\\.\\.\\d{4,}}))"
              + "\\s*;?\\s*do\\b[^\\n]{0,400}?[^&|>]&(?![&>])\\s*;?\\s*done");

  /**
   * {@code while :; do node -e … & done}: a program started in the background at every turn of a
   * loop with no end (or of thousands): the laptop's processes and memory run out.
   */
  static String floodsProcesses(Scan scan) {
    String source = scan.source();
    if (source == null
        || source.length() > LandPredicates.MAX_TEXT
        || source.indexOf('&') < 0
        || source.indexOf("do") < 0
        || !CodeArguments.containsAny(source, ENDLESS_LOOPS)) {
      return null;
    }
    Matcher flood = PROCESS_FLOOD.matcher(source);
    // A loop of requests to a host is a flood of that host: attacks.flood's, not the laptop's.
    return flood.find() && flood.group().indexOf("://") < 0 ? flood.group() : null;
  }

  /** The groups that make a user an administrator of the machine. */
  static final Pattern ADMIN_GROUP =
      Pattern.compile("^(?:/Groups/)?(?:admin|wheel|sudo|adm|staff|administrators)$");

  /** A mode that takes the owner's reading away: {@code 000}, {@code 0311}, {@code u-rwx}. */
  static final Pattern OWNER_LOCKED =
      Pattern.compile(
          "^0?[0-3][0-7]{2}$|^[0-7][0-3][0-7]{2}$|^(?:u|a|ug|ugo|uo)?-r\\w*$|^(?:u|a|ug|ugo)=$");

  /**
   * {@code chmod 000 ~}, {@code chmod u-r ~/Documents}: a mode that takes the owner's own reading
   * away from a folder or file of the home outside the project.
   */
  static boolean locksOwnerOut(Scan scan, Step step, Read read) {
    boolean locked = false;
    for (Word word : step.args()) {
      String t = word.text();
      if (!locked && PatternLiterals.matches(OWNER_LOCKED, t)) {
        locked = true;
        continue;
      }
      if (!locked || t.startsWith("-")) {
        continue;
      }
      if (inHomeOutsideProject(scan, step, word)) {
        return true;
      }
    }
    return false;
  }

  /** A home folder or the disk as a whole: {@code ~}, {@code /Users/u}, {@code /}. */
  static final Pattern HOME_WHOLE =
      Pattern.compile(
          "^(?:~|\\$HOME|\\$\\{HOME}|/|/Users|/home|/Users/[^/]{1,64}|/home/[^/]{1,64}|/System/Volumes/Data)/?$");

  /** {@code tmutil addexclusion -p /Users/u}: a backup that leaves out the home or the disk. */
  static boolean namesHomeWhole(Step step) {
    for (Word word : step.args()) {
      if (PatternLiterals.matches(HOME_WHOLE, word.text())) {
        return true;
      }
    }
    return false;
  }

  /** The owners a file of the home is given that take it from the person. */
  static final Set<String> OTHER_OWNERS =
      NameSet.of("root", "0", "nobody", "daemon", "root:root", "root:wheel", "root:admin", "0:0");

  /**
   * {@code sudo chown root ~/.zshrc}: a file or folder of the home outside the project given to
   * root, which the person can then no longer change.
   */
  static boolean ownerTakenInHome(Scan scan, Step step, Read read) {
    boolean owner = false;
    for (Word word : step.args()) {
      String t = word.text();
      if (t.startsWith("-")) {
        continue;
      }
      if (!owner) {
        if (!OTHER_OWNERS.contains(t) && !t.startsWith("root:")) {
          return false;
        }
        owner = true;
        continue;
      }
      if (inHomeOutsideProject(scan, step, word)) {
        return true;
      }
    }
    return false;
  }

  /** An ACL entry that takes every right away: {@code u:user:---}. */
  static final Pattern NO_RIGHTS =
      Pattern.compile(
          "(?:d:|default:)?(?:u|user|g|group|o|other|m|mask):[\\w.-]{0,64}:-{1,3}(?:,.*)?");

  /** {@code setfacl -m u:user:--- ~/Documents}: an entry that takes every right away. */
  static boolean aclLocksOwnerOut(Scan scan, Step step, Read read) {
    boolean locks = false;
    for (Word word : step.args()) {
      String t = word.text();
      if (t.length() < 200 && PatternLiterals.matches(NO_RIGHTS, t)) {
        locks = true;
      } else if (locks && !t.startsWith("-") && inHomeOutsideProject(scan, step, word)) {
        return true;
      }
    }
    return false;
  }

  /** Whether a word names a path of the home outside the project. */
  static boolean inHomeOutsideProject(Scan scan, Step step, Word word) {
    java.nio.file.Path home = scan.places().home();
    java.nio.file.Path project = scan.call().project();
    for (Target target : scan.targets(step, word)) {
      if (target.known()
          && target.path().startsWith(home)
          && (project == null || !target.path().startsWith(project))) {
        return true;
      }
    }
    return false;
  }

  /**
   * {@code iptables -P OUTPUT DROP}, {@code iptables -A OUTPUT -j DROP} with no address or port,
   * {@code ufw default deny outgoing}: every connection out of the laptop dropped.
   */
  static boolean dropsAllOutgoing(Step step) {
    boolean output = false;
    boolean drop = false;
    boolean policy = false;
    boolean narrowed = false;
    boolean outgoing = false;
    boolean deny = false;
    for (Word word : step.args()) {
      switch (word.text()) {
        case "OUTPUT" -> output = true;
        case "DROP", "REJECT" -> drop = true;
        case "-P", "--policy" -> policy = true;
        case "-d",
            "--destination",
            "--dport",
            "--dports",
            "-o",
            "--out-interface",
            "-p",
            "--protocol",
            "-m",
            "--match" ->
            narrowed = true;
        case "outgoing" -> outgoing = true;
        case "deny", "reject" -> deny = true;
        default -> {
          // another word
        }
      }
    }
    if (step.program().equals("ufw")) {
      return outgoing && deny;
    }
    return output && drop && (policy || !narrowed);
  }

  /**
   * {@code ip route replace default via h}, {@code route add default h}, {@code sshuttle -r u@h
   * 0/0}, a nat rule sending connections out to another address: the laptop's traffic through
   * another host.
   */
  static boolean routesAllElsewhere(Step step) {
    boolean all = false;
    boolean adds = false;
    boolean nat = false;
    for (Word word : step.args()) {
      switch (word.text()) {
        case "default", "0/0", "0.0.0.0/0", "::/0", "0.0.0.0" -> all = true;
        case "add", "replace", "change", "append", "-A", "-I", "--append", "--insert" ->
            adds = true;
        case "DNAT", "REDIRECT", "--to-destination", "dnat" -> nat = true;
        default -> {
          // another word
        }
      }
    }
    return switch (step.program()) {
      case "sshuttle" -> all;
      case "ip", "route" -> all && adds;
      case "iptables", "ip6tables", "nft" -> nat && adds;
      default -> false;
    };
  }

  /** A browser started with an extension from a folder: {@code --load-extension=/tmp/x}. */
  static final Pattern LOADS_EXTENSION =
      Pattern.compile("^--(?:load-extension|disable-extensions-except)=");
}
