package io.github.providergateway.guard.shell.programs;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Set;

/**
 * The shell command a fleet runner runs on its hosts (issue 80 round 7, decision 117): Ansible's
 * ad-hoc {@code -m shell|command|raw -a '…'}, Salt's {@code cmd.run '…'}, and the command of {@code
 * pdsh}, {@code clush}, {@code pssh} and their kin after their options. Read as commands reached
 * that way, as {@code ssh host …}'s remote command is: {@code ansible nas -b -m shell -a 'zfs
 * rollback -r tank/db@daily'} rolls the dataset back on every host of the group.
 */
final class FleetCarried {
  private FleetCarried() {}

  /** Ansible's modules whose argument is a shell command. */
  private static final Set<String> ANSIBLE_COMMANDS =
      NameSet.of(
          "shell",
          "command",
          "raw",
          "ansible.builtin.shell",
          "ansible.builtin.command",
          "ansible.builtin.raw");

  /** Salt's functions whose first argument is a shell command. */
  private static final Set<String> SALT_COMMANDS =
      NameSet.of("cmd.run", "cmd.run_all", "cmd.run_stdout", "cmd.shell", "cmd.script");

  /** The options of pdsh, clush, pssh and their kin that take a value in the next word. */
  private static final Set<String> PARALLEL_WITH_VALUE =
      NameSet.of(
          "-w",
          "-x",
          "-g",
          "-X",
          "-l",
          "-R",
          "-f",
          "-t",
          "-u",
          "-h",
          "-H",
          "-p",
          "-o",
          "-e",
          "-O",
          "--hosts",
          "--host",
          "--user",
          "--par",
          "--timeout",
          "--outdir",
          "--errdir",
          "--group",
          "--exclude");

  /**
   * {@code ansible <pattern> … -m shell -a '<command>'}: the command, where the module runs one.
   */
  static void ansible(List<ProgramWord> words, List<CarriedRun> found) {
    String module = "command"; // ansible's default module
    String args = null;
    for (int i = 1; i < words.size(); i++) {
      String t = words.get(i).text();
      String next = i + 1 < words.size() ? words.get(i + 1).text() : null;
      if ((t.equals("-m") || t.equals("--module-name")) && next != null) {
        module = next;
        i++;
      } else if (t.startsWith("--module-name=")) {
        module = t.substring(14);
      } else if ((t.equals("-a") || t.equals("--args")) && next != null) {
        args = next;
        i++;
      } else if (t.startsWith("--args=")) {
        args = t.substring(7);
      }
    }
    if (args != null && ANSIBLE_COMMANDS.contains(module)) {
      found.add(new CarriedRun("ansible -m " + module, args, null));
    }
  }

  /** {@code salt '<target>' cmd.run '<command>'}: the command. */
  static void salt(List<ProgramWord> words, List<CarriedRun> found) {
    for (int i = 1; i + 1 < words.size(); i++) {
      String t = words.get(i).text();
      if (SALT_COMMANDS.contains(t)) {
        found.add(new CarriedRun("salt " + t, words.get(i + 1).text(), null));
        return;
      }
    }
  }

  /**
   * {@code pdsh -w hosts '<command>'}, {@code clush -g group <command…>}: what follows the options.
   */
  static void parallelShell(List<ProgramWord> words, List<CarriedRun> found) {
    int i = 1;
    for (; i < words.size(); i++) {
      String t = words.get(i).text();
      if (t.equals("--")) {
        i++;
        break;
      }
      if (!t.startsWith("-")) {
        break;
      }
      if (PARALLEL_WITH_VALUE.contains(t)) {
        i++;
      }
    }
    if (i < words.size()) {
      StringBuilder command = new StringBuilder();
      for (int k = i; k < words.size(); k++) {
        command.append(k > i ? " " : "").append(words.get(k).text());
      }
      found.add(new CarriedRun(words.get(0).text(), command.toString(), null));
    }
  }

  /**
   * {@code fab -H web1,web2 -- sudo systemctl stop nginx}: Fabric's command line runs what follows
   * {@code --} on each host (decision 227).
   */
  static void fabric(List<ProgramWord> words, List<CarriedRun> found) {
    for (int i = 1; i < words.size(); i++) {
      if (words.get(i).text().equals("--") && i + 1 < words.size()) {
        StringBuilder command = new StringBuilder();
        for (int k = i + 1; k < words.size(); k++) {
          command.append(k > i + 1 ? " " : "").append(words.get(k).text());
        }
        found.add(new CarriedRun("fab", command.toString(), null));
        return;
      }
    }
  }
}
