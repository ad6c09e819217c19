package io.github.providergateway.guard.shell.programs;

import io.github.providergateway.guard.shell.internal.ContainerOptions;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Commands carried into containers and pods, read as programs of their own: {@code kubectl exec …
 * -- command}, {@code kubectl debug} and {@code kubectl run}'s one-off pod, a shell's {@code -c}
 * string in {@code docker run} or {@code docker exec}, {@code docker exec}'s command, and a command
 * in a container whose words name a folder of this machine mounted into it. Split from {@link
 * CarriedCode}, which dispatches to it.
 */
final class ContainerCarried {
  private ContainerCarried() {}

  /** What may stand before a path within a command's code: a word's start or an operator. */
  private static final String BEFORE_PATH = " \t\n'\"=<>:;|&(";

  /**
   * {@code text}, a command's code, with each path below {@code inside} that stands as a word of
   * its own ({@code > /host/etc/x}) put back below {@code outside}; null where none stands there.
   */
  private static String putBack(String text, String inside, String outside) {
    if (inside.length() < 2 || text.length() > 8192 || !text.contains(inside)) {
      return null;
    }
    StringBuilder out = null;
    int from = 0;
    for (int at = text.indexOf(inside); at >= 0; at = text.indexOf(inside, at + 1)) {
      int end = at + inside.length();
      boolean starts = at == 0 || BEFORE_PATH.indexOf(text.charAt(at - 1)) >= 0;
      boolean ends =
          end == text.length()
              || text.charAt(end) == '/'
              || BEFORE_PATH.indexOf(text.charAt(end)) >= 0 && text.charAt(end) != '=';
      if (!starts || !ends) {
        continue;
      }
      if (out == null) {
        out = new StringBuilder(text.length() + 16);
      }
      out.append(text, from, at).append(outside.equals("/") ? "" : outside);
      if (outside.equals("/") && (end == text.length() || text.charAt(end) != '/')) {
        out.append('/');
      }
      from = end;
    }
    return out == null ? null : out.append(text, from, text.length()).toString();
  }

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
        String outside =
            mount[0].endsWith("/") && mount[0].length() > 1
                ? mount[0].substring(0, mount[0].length() - 1)
                : mount[0];
        if (text.equals(inside) || text.startsWith(inside + "/")) {
          text = outside + text.substring(inside.length());
          if (text.startsWith("//")) {
            text = text.substring(1);
          }
          named = true;
          break;
        }
        String within = putBack(text, inside, outside);
        if (within != null) {
          text = within; // sh -c 'echo … > /host-etc/sudoers.d/x': the code's paths too
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
      NameSet.of(
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
    if (verb.equals("rsh")) {
      rshCommand(words.subList(sub + 1, words.size()), found);
      return;
    }
    if (!verb.equals("exec") && !verb.equals("debug") && !verb.equals("run")) {
      return;
    }
    for (int i = sub + 1; i < words.size(); i++) {
      if (words.get(i).text().equals("--") && i + 1 < words.size()) {
        List<ProgramWord> command = words.subList(i + 1, words.size());
        if (verb.equals("run")) {
          podCommand(words.subList(sub + 1, i), command, found);
        } else {
          found.add(new CarriedRun("kubectl " + verb, null, command));
        }
        return;
      }
    }
  }

  /** oc rsh's options that take a value. */
  private static final Set<String> RSH_WITH_VALUE =
      Set.of("-c", "--container", "--shell", "--timeout", "-f", "--filename");

  /**
   * {@code oc rsh [options] POD COMMAND…} (red team of decision 189, in decision 195): OpenShift's
   * remote shell runs the words after the pod in it, as {@code oc exec POD -- COMMAND} does, with
   * no {@code --} between; read as {@code kubectl exec}'s. With no command it opens a shell.
   */
  private static void rshCommand(List<ProgramWord> rest, List<CarriedRun> found) {
    int i = 0;
    while (i < rest.size() && rest.get(i).text().startsWith("-")) {
      String t = rest.get(i).text();
      i += RSH_WITH_VALUE.contains(t) ? 2 : 1;
    }
    if (i + 1 < rest.size()) {
      found.add(new CarriedRun("kubectl exec", null, rest.subList(i + 1, rest.size())));
    }
  }

  /**
   * {@code kubectl run NAME --image=IMAGE [--command] -- COMMAND…} (decision 191): a one-off pod
   * runs the command in the cluster the call names, with the network and the credentials its
   * namespace gives, as {@code kubectl exec}'s runs in a pod already there: read as a program of
   * its own ({@code kubectl --context prod run t --rm -i --image=bitnami/kafka --command --
   * kafka-leader-election.sh …}). Without {@code --command} the words are the image's arguments,
   * the command of an image whose entrypoint is a service's command line; a program that changes
   * only the pod's own files is left alone, as {@code docker run}'s is.
   */
  private static void podCommand(
      List<ProgramWord> options, List<ProgramWord> command, List<CarriedRun> found) {
    boolean commandGiven = false;
    String image = null;
    for (int i = 0; i < options.size(); i++) {
      String t = options.get(i).text();
      commandGiven |= t.equals("--command") || t.equals("--command=true");
      if (t.startsWith("--image=")) {
        image = t.substring("--image=".length());
      } else if (t.equals("--image") && i + 1 < options.size()) {
        image = options.get(i + 1).text();
      }
    }
    List<ProgramWord> run = new ArrayList<>(command.size() + 1);
    String cli = image == null || commandGiven ? null : CLI_IMAGES.get(imageName(image));
    if (cli != null) {
      run.add(ProgramWord.of(cli, true));
    }
    run.addAll(command);
    String program = run.get(0).text();
    if (!CONTAINER_LOCAL.contains(program.substring(program.lastIndexOf('/') + 1))) {
      found.add(new CarriedRun("kubectl run", null, run));
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
    if (verb.equals("compose")) {
      composeCommand(words, 2, found);
      return;
    }
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
    } else {
      runCommand(words, found);
    }
  }

  /**
   * Images whose entrypoint is a service's command line, by name without registry or tag: {@code
   * docker run amazon/aws-cli s3 rb …} runs {@code aws s3 rb …}.
   */
  private static final Map<String, String> CLI_IMAGES =
      Map.ofEntries(
          Map.entry("amazon/aws-cli", "aws"),
          Map.entry("hashicorp/terraform", "terraform"),
          Map.entry("hashicorp/packer", "packer"),
          Map.entry("bitnami/kubectl", "kubectl"),
          Map.entry("alpine/helm", "helm"),
          Map.entry("stripe/stripe-cli", "stripe"),
          Map.entry("curlimages/curl", "curl"),
          Map.entry("flyway/flyway", "flyway"),
          Map.entry("liquibase/liquibase", "liquibase"),
          Map.entry("migrate/migrate", "migrate"),
          Map.entry("minio/mc", "mc"),
          Map.entry("rclone/rclone", "rclone"),
          Map.entry("alpine/git", "git"),
          Map.entry("goreleaser/goreleaser", "goreleaser"));

  /**
   * Programs that, in a container of their own with no folder of this machine named, change only
   * that container's files and processes ({@link #mounted} reads them when a mounted folder is
   * named).
   */
  private static final Set<String> CONTAINER_LOCAL =
      NameSet.of(
          "rm",
          "rmdir",
          "unlink",
          "shred",
          "mv",
          "cp",
          "ln",
          "touch",
          "chmod",
          "chown",
          "truncate",
          "dd",
          "find",
          "wipefs",
          "kill",
          "pkill",
          "killall",
          "mkdir",
          "true",
          "ls",
          "cat",
          "echo");

  /**
   * {@code docker run [options] IMAGE COMMAND…}: the command runs in a new container, but what it
   * does to services and hosts beyond it it does with whatever this machine handed it (a production
   * URL in its words, a mounted credentials folder, the network): read as a program of its own
   * ({@code docker run --rm postgres:16 psql "$PROD_DATABASE_URL" -c 'DROP TABLE users'}), as is an
   * image whose entrypoint is a service's command line and the program {@code --entrypoint} names.
   * A program that changes only the container's own files is left to {@link #mounted}.
   */
  private static void runCommand(List<ProgramWord> words, List<CarriedRun> found) {
    String entrypoint = null;
    int i = 2;
    for (; i < words.size(); i++) {
      String t = words.get(i).text();
      if (!t.startsWith("-")) {
        break;
      }
      if (t.equals("--entrypoint") && i + 1 < words.size()) {
        entrypoint = words.get(i + 1).text();
      } else if (t.startsWith("--entrypoint=")) {
        entrypoint = t.substring("--entrypoint=".length());
      }
      if (ContainerOptions.RUN_WITH_VALUE.contains(t)) {
        i++;
      }
    }
    if (i >= words.size()) {
      return;
    }
    List<ProgramWord> command = new ArrayList<>(words.size() - i);
    String cli = entrypoint != null ? entrypoint : CLI_IMAGES.get(imageName(words.get(i).text()));
    if (cli != null && !cli.isEmpty()) {
      command.add(ProgramWord.of(cli, true));
    }
    command.addAll(words.subList(i + 1, words.size()));
    if (command.isEmpty()) {
      return;
    }
    String program = command.get(0).text();
    if (!CONTAINER_LOCAL.contains(program.substring(program.lastIndexOf('/') + 1))) {
      found.add(new CarriedRun("docker run", null, command));
    }
  }

  /**
   * An image reference's name without its registry host, tag or digest ({@code amazon/aws-cli}).
   */
  static String imageName(String image) {
    String name = image.toLowerCase(Locale.ROOT);
    int at = name.indexOf('@');
    name = at < 0 ? name : name.substring(0, at);
    int slash = name.indexOf('/');
    if (slash > 0) {
      String first = name.substring(0, slash);
      if (first.contains(".") || first.contains(":") || first.equals("localhost")) {
        name = name.substring(slash + 1); // a registry host: docker.io/amazon/aws-cli
      }
    }
    int colon = name.lastIndexOf(':');
    name = colon < 0 ? name : name.substring(0, colon);
    return name.startsWith("library/") ? name.substring(8) : name;
  }

  /** {@code docker compose run}'s and {@code exec}'s options that take a value. */
  private static final Set<String> COMPOSE_RUN_WITH_VALUE =
      NameSet.of(
          "-e",
          "--env",
          "-w",
          "--workdir",
          "-u",
          "--user",
          "--name",
          "-p",
          "--publish",
          "-v",
          "--volume",
          "-l",
          "--label",
          "--entrypoint",
          "--index",
          "--env-from-file",
          "--cap-add",
          "--cap-drop",
          "--pull");

  /**
   * {@code docker compose [options] run|exec [options] SERVICE COMMAND…} (and {@code
   * docker-compose}'s, words from {@code from}): the command runs in the service's container, with
   * the service's settings (its database, its environment): read as a program of its own, as {@code
   * docker exec}'s is ({@code docker compose exec db psql -c 'DROP DATABASE shop'}).
   */
  static void composeCommand(List<ProgramWord> words, int from, List<CarriedRun> found) {
    int i = from;
    while (i < words.size() && words.get(i).text().startsWith("-")) {
      i += ContainerOptions.COMPOSE_WITH_VALUE.contains(words.get(i).text()) ? 2 : 1;
    }
    if (i >= words.size()) {
      return;
    }
    String verb = words.get(i).text();
    if (!verb.equals("run") && !verb.equals("exec")) {
      return;
    }
    i++;
    while (i < words.size() && words.get(i).text().startsWith("-")) {
      i += COMPOSE_RUN_WITH_VALUE.contains(words.get(i).text()) ? 2 : 1;
    }
    if (i + 1 < words.size()) {
      found.add(new CarriedRun("docker compose " + verb, null, words.subList(i + 1, words.size())));
    }
  }

  /** {@code docker-compose …}: its run and exec commands ({@link #composeCommand}). */
  static void dockerCompose(List<ProgramWord> words, List<CarriedRun> found) {
    composeCommand(words, 1, found);
  }

  /** {@code docker exec}'s options that take a value. */
  private static final Set<String> EXEC_WITH_VALUE =
      NameSet.of("-e", "--env", "--env-file", "-u", "--user", "-w", "--workdir", "--detach-keys");

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
