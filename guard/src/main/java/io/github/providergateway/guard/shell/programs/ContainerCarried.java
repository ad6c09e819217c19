package io.github.providergateway.guard.shell.programs;

import io.github.providergateway.guard.shell.internal.ContainerOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Commands carried into containers and pods, read as programs of their own: {@code kubectl exec …
 * -- command} and {@code kubectl debug}, a shell's {@code -c} string in {@code docker run} or
 * {@code docker exec}, {@code docker exec}'s command, and a command in a container whose words name
 * a folder of this machine mounted into it. Split from {@link CarriedCode}, which dispatches to it.
 */
final class ContainerCarried {
  private ContainerCarried() {}

  /**
   * {@code docker run -v /:/host alpine rm -rf /host/home/user}: a command in a container whose
   * words name a folder of this machine mounted into it is read with the machine's paths put back
   * ({@code rm -rf /home/user}); a command that names no mounted folder changes only the container.
   */
  private static void mounted(List<ProgramWord> words, List<CarriedRun> found) {
    List<String[]> mounts = new ArrayList<>();
    int i = 2;
    for (; i < words.size(); i++) {
      String t = words.get(i).text();
      if (!t.startsWith("-")) {
        break;
      }
      String value = null;
      if (ContainerOptions.RUN_WITH_VALUE.contains(t) && i + 1 < words.size()) {
        value = words.get(++i).text();
      } else if (t.startsWith("--volume=") || t.startsWith("--mount=")) {
        value = t.substring(t.indexOf('=') + 1);
        t = t.substring(0, t.indexOf('='));
      }
      if (value != null && (t.equals("-v") || t.equals("--volume"))) {
        String[] parts = value.split(":");
        if (parts.length >= 2 && parts[1].startsWith("/")) {
          mounts.add(new String[] {parts[0], parts[1]});
        }
      } else if (value != null && t.equals("--mount")) {
        String source = null;
        String target = null;
        for (String field : value.split(",")) {
          int eq = field.indexOf('=');
          String key = eq < 0 ? field : field.substring(0, eq);
          String val = eq < 0 ? "" : field.substring(eq + 1);
          if (key.equals("src") || key.equals("source")) {
            source = val;
          } else if (key.equals("dst") || key.equals("target") || key.equals("destination")) {
            target = val;
          }
        }
        if (source != null && target != null) {
          mounts.add(new String[] {source, target});
        }
      }
    }
    if (mounts.isEmpty() || i + 1 >= words.size()) {
      return;
    }
    List<ProgramWord> command = new ArrayList<>();
    boolean named = false;
    for (ProgramWord word : words.subList(i + 1, words.size())) {
      String text = word.text();
      for (String[] mount : mounts) {
        String inside =
            mount[1].endsWith("/") && mount[1].length() > 1
                ? mount[1].substring(0, mount[1].length() - 1)
                : mount[1];
        if (text.equals(inside) || text.startsWith(inside + "/")) {
          String outside =
              mount[0].endsWith("/") && mount[0].length() > 1
                  ? mount[0].substring(0, mount[0].length() - 1)
                  : mount[0];
          text = outside + text.substring(inside.length());
          if (text.startsWith("//")) {
            text = text.substring(1);
          }
          named = true;
          break;
        }
      }
      command.add(
          ProgramWord.of(text, word.literal() && !text.startsWith("~") && !text.startsWith("$")));
    }
    if (named) {
      found.add(new CarriedRun("docker run (mounted)", null, command));
    }
  }

  /** kubectl's global options that take a value in the next word. */
  private static final Set<String> KUBECTL_WITH_VALUE =
      Set.of(
          "-n",
          "--namespace",
          "--context",
          "--kubeconfig",
          "--cluster",
          "--user",
          "-s",
          "--server",
          "--token",
          "--as",
          "--as-group");

  /**
   * {@code kubectl exec … -- command}: the command runs in the pod. {@code kubectl debug … --
   * command} runs it in a debugging container, and for {@code debug node/…} on the node itself with
   * its root folder at {@code /host} ({@code -- chroot /host rm -rf /var/lib/etcd}): read as run
   * here, as exec's is.
   */
  static void kubectlExec(List<ProgramWord> words, List<CarriedRun> found) {
    int sub = 1;
    while (sub < words.size() && words.get(sub).text().startsWith("-")) {
      sub += KUBECTL_WITH_VALUE.contains(words.get(sub).text()) ? 2 : 1;
    }
    String verb = sub < words.size() ? words.get(sub).text() : "";
    if (!verb.equals("exec") && !verb.equals("debug")) {
      return;
    }
    for (int i = sub + 1; i < words.size(); i++) {
      if (words.get(i).text().equals("--") && i + 1 < words.size()) {
        found.add(new CarriedRun("kubectl " + verb, null, words.subList(i + 1, words.size())));
        return;
      }
    }
  }

  /** A shell's {@code -c} string in {@code docker run} or {@code docker exec}: it runs inside. */
  static void containerShell(List<ProgramWord> words, List<CarriedRun> found) {
    if (words.size() < 2) {
      return;
    }
    if (words.get(1).text().equals("unshare")) {
      // podman unshare CMD: a command on this machine, in podman's user namespace.
      found.add(new CarriedRun("podman unshare", null, words.subList(2, words.size())));
      return;
    }
    String verb = words.get(1).text();
    if (!verb.equals("run") && !verb.equals("exec")) {
      return;
    }
    if (verb.equals("run")) {
      mounted(words, found);
    }
    for (int i = 2; i + 2 < words.size(); i++) {
      String program = words.get(i).text().substring(words.get(i).text().lastIndexOf('/') + 1);
      if (Programs.isShell(program) && words.get(i + 1).text().equals("-c")) {
        found.add(new CarriedRun("docker " + verb, words.get(i + 2).text(), null));
        return;
      }
    }
    if (verb.equals("exec")) {
      execCommand(words, found);
    }
  }

  /** {@code docker exec}'s options that take a value. */
  private static final Set<String> EXEC_WITH_VALUE =
      Set.of("-e", "--env", "--env-file", "-u", "--user", "-w", "--workdir", "--detach-keys");

  /**
   * {@code docker exec [options] CONTAINER COMMAND…}: the command, as a program of its own, runs in
   * the container ({@code docker exec -i shop-db psql -c 'DELETE FROM customers'}).
   */
  private static void execCommand(List<ProgramWord> words, List<CarriedRun> found) {
    int i = 2;
    while (i < words.size() && words.get(i).text().startsWith("-")) {
      String t = words.get(i).text();
      i += EXEC_WITH_VALUE.contains(t) ? 2 : 1;
    }
    if (i + 1 < words.size()) {
      found.add(new CarriedRun("docker exec", null, words.subList(i + 1, words.size())));
    }
  }
}
