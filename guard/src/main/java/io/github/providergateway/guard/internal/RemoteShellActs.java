package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The shapes.* rules' reading of a remote shell's command (decision 113): {@code ssh host 'sudo
 * systemctl stop x'}, {@code ansible all -b -m reboot}, an acting command run on another machine.
 */
final class RemoteShellActs {
  private RemoteShellActs() {}

  /** A search's pattern on the host: {@code grep -iE "FAULT|STOP"}, {@code rg 'kill'}. */
  private static final java.util.regex.Pattern SEARCHED =
      java.util.regex.Pattern.compile(
          "\\b((?:grep|egrep|fgrep|zgrep|rg|ag)(?:\\s+-[A-Za-z]{1,6})*)\\s+(?:\"[^\"]{0,200}\"|'[^']{0,200}'|[^\\s|;&]{1,200})");

  /** A remote command that runs its input as shell code: {@code bash -s}, {@code sudo sh}. */
  private static final java.util.regex.Pattern REMOTE_SHELL =
      java.util.regex.Pattern.compile(
          "(?:sudo(?:\\s+-[A-Za-z]+)*\\s+)?(?:/bin/|/usr/bin/)?(?:ba|z|da|k|a)?sh(?:\\s+-[a-z]+)*\\s*");

  /** The index of ssh's destination among its arguments ({@code user@host}), or -1. */
  static int destination(List<Word> args) {
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (!text.startsWith("-")) {
        return i;
      }
      if (text.length() == 2 && "bcDEeFIiJLlmOopQRSWw".indexOf(text.charAt(1)) >= 0) {
        i++; // the option's value
      }
    }
    return -1;
  }

  /**
   * {@return the host a remote shell's step reaches ({@code deploy@staging.shop.example}: its
   * host), or {@code null}}
   *
   * @param step an ssh step
   */
  static String host(Step step) {
    int at = destination(step.args());
    if (at < 0) {
      return null;
    }
    String host = step.args().get(at).text();
    return host.substring(host.lastIndexOf('@') + 1);
  }

  /** {@code ssh host 'sudo systemctl stop x'}, {@code ansible all -b -m reboot}. */
  static boolean remoteShellActs(Step step) {
    String program = step.program();
    List<Word> args = step.args();
    if (program.equals("ansible")) {
      return ansibleActs(args);
    }
    if (!ShapeWords.REMOTE_SHELLS.contains(program)) {
      return false;
    }
    int at = destination(args);
    String host = host(step);
    StringBuilder remote = new StringBuilder();
    for (int i = at + 1; at >= 0 && i < args.size(); i++) {
      remote.append(args.get(i).text()).append(' ');
    }
    if (host != null && (remote.isEmpty() || REMOTE_SHELL.matcher(remote).matches())) {
      // ssh host bash -s <<'EOF' … EOF: the here-document is the remote command (decision 205)
      for (io.github.providergateway.guard.shell.Redirect redirect :
          step.invocation().redirects()) {
        if (redirect.body() != null) {
          remote.append('\n').append(redirect.body());
        }
      }
    }
    if (host == null || remote.isEmpty()) {
      return false; // a login or a tunnel: other rules read those
    }
    if (Environments.localHost(host)
        || OtherHosts.linkLocalName(host)
        || Environments.stagingHost(host)) {
      return false;
    }
    if (RemoteOrdinary.ordinary(remote.toString())) {
      return false; // zfs diff …, qm snapshot …, occ files:scan: ordinary there as here (d. 332)
    }
    return commandActs(remote.toString());
  }

  /** The fleet runners whose command reaches other machines, by the name they carry it under. */
  private static final List<String> FLEET_RUNNERS =
      List.of("ansible -m ", "salt ", "pdsh", "clush", "pssh", "parallel-ssh", "fab");

  /**
   * A command a fleet runner carries to its hosts that acts there (decision 227): {@code ansible
   * dc1 -m shell -a 'systemctl stop ltm-sales' -f 200}, {@code salt '*' cmd.run 'systemctl stop
   * nginx'}, {@code pdsh -w web[01-20] …}, {@code fab -H web1 -- …}, read as {@code ssh host '…'}'s
   * remote command is.
   */
  static boolean fleetActs(Step step) {
    List<String> via = step.invocation().via();
    if (via.isEmpty() || FLEET_RUNNERS.stream().noneMatch(via.get(via.size() - 1)::startsWith)) {
      return false;
    }
    return commandActs(step.program() + " " + String.join(" ", step.invocation().args()));
  }

  /** Whether a command run on another machine acts there: a verb that changes, not a read. */
  static boolean commandActs(String remote) {
    String command =
        remote.length() > ShapeWords.READ ? remote.substring(0, ShapeWords.READ) : remote;
    if (DeviceCliReads.reads(command)) {
      return false; // a router's show ip bgp summary (decision 122)
    }
    // What a search looks for is no act: journalctl … | grep -E "FAULT|STOP" (decision 173)
    command = SEARCHED.matcher(command).replaceAll("$1");
    if (CodeCalls.act(command)) {
      return true; // rails runner '….update_all(code: "EX")' on the app's server (decision 275)
    }
    boolean acting = false;
    for (String token : command.split("[\\s;|&'\"()`]+")) {
      if (token.isEmpty()) {
        continue;
      }
      String lower = token.toLowerCase(Locale.ROOT);
      if (ShapeWords.REMOTE_VERBS.contains(lower)
          || ShapeWords.VERBS.contains(lower) && !ShapeWords.REMOTE_READS.contains(lower)
          || lower.equals("update")
          || lower.equals("delete")
          || cmdletActs(token)) {
        acting = true;
      }
    }
    acting |= fedDeletions(command);
    if (!acting && !DeviceCliReads.deviceActs(command)) {
      return false;
    }
    // sudo systemctl status x, psql -c 'select …': a read on the host
    for (String token : command.split("[\\s;|&'\"()`]+")) {
      String lower = token.toLowerCase(Locale.ROOT);
      if (lower.equals("status")
          || lower.equals("select")
          || lower.equals("list")
          || serviceQuery(lower)) {
        return hasWriteWord(command);
      }
    }
    return true;
  }

  /** A file given on a program's input: {@code piconfig < /tmp/delete_fdr_points.txt}. */
  private static final java.util.regex.Pattern INPUT_FILE =
      java.util.regex.Pattern.compile("(?<![<0-9])<\\s*([^\\s;|&<>'\"()`]{1,256})");

  /**
   * A program fed a file whose name says it destroys ({@code piconfig <
   * /tmp/delete_fdr_points.txt}, {@code psql < purge_2019.sql}, {@code tool < drop-accounts.cmd}):
   * the batch of deletions is in the file, which the guard cannot read on the host, and its name
   * says what it holds.
   */
  static boolean fedDeletions(String command) {
    java.util.regex.Matcher input = INPUT_FILE.matcher(command);
    while (input.find()) {
      String path = input.group(1);
      String file = path.substring(path.lastIndexOf('/') + 1);
      for (String part : ServiceVerbs.split(file)) {
        if (DESTROYS.contains(part)) {
          return true;
        }
      }
    }
    return false;
  }

  /** The words of a batch file's name that say it destroys what it names. */
  private static final Set<String> DESTROYS =
      NameSet.of(
          "delete",
          "deletes",
          "deletion",
          "deletions",
          "del",
          "purge",
          "drop",
          "remove",
          "removal",
          "wipe",
          "truncate",
          "erase",
          "destroy",
          "decommission");

  /**
   * A service manager's question or listing ({@code systemctl is-active smbd}, {@code is-enabled},
   * {@code is-failed}, {@code list-units}, {@code list-timers}): it reads the host's state as
   * {@code status} does.
   */
  private static boolean serviceQuery(String token) {
    return token.length() > 4
        && token.length() < 32
        && (token.startsWith("is-") || token.startsWith("list-"));
  }

  /** A PowerShell cmdlet's {@code Verb-Noun}, as Microsoft writes it. */
  private static final java.util.regex.Pattern CMDLET =
      java.util.regex.Pattern.compile("([A-Z][a-z]{1,15})-[A-Z][A-Za-z]{1,40}");

  /**
   * A PowerShell cmdlet whose verb acts ({@code powershell -Command Stop-Service -Name Tomcat9}:
   * decision 251); {@code Get-Service}, {@code Test-Connection} read.
   */
  private static boolean cmdletActs(String token) {
    java.util.regex.Matcher cmdlet = CMDLET.matcher(token);
    if (!cmdlet.matches()) {
      return false;
    }
    String verb = cmdlet.group(1).toLowerCase(Locale.ROOT);
    return (ShapeWords.VERBS.contains(verb) || verb.equals("set"))
        && !ShapeWords.REMOTE_READS.contains(verb);
  }

  static boolean hasWriteWord(String command) {
    for (String token : command.split("[\\s;|&'\"()`]+")) {
      String lower = token.toLowerCase(Locale.ROOT);
      if (ShapeWords.VERBS.contains(lower) && !ShapeWords.REMOTE_READS.contains(lower)) {
        return true;
      }
    }
    return false;
  }

  static boolean ansibleActs(List<Word> args) {
    String module = "command";
    boolean become = false;
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if ((text.equals("-m") || text.equals("--module-name")) && i + 1 < args.size()) {
        module = args.get(i + 1).text();
        module = module.substring(module.lastIndexOf('.') + 1);
      } else if (text.equals("-b") || text.equals("--become")) {
        become = true;
      } else if (text.equals("--check") || text.equals("-C")) {
        return false;
      }
    }
    if (ShapeWords.READ_MODULES.contains(module)) {
      return false;
    }
    return become || !module.equals("command") && !module.equals("shell");
  }
}
