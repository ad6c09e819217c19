package io.github.providergateway.guard.shell.programs;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A tool run under another spelling than its own command: {@code python -m alembic} is {@code
 * alembic}, {@code django-admin} and {@code python -m django} are {@code python manage.py}, {@code
 * node node_modules/knex/bin/cli.js} is {@code knex}, Maven's {@code flyway:clean} and Gradle's
 * {@code flywayClean} or {@code dropAll} are {@code flyway clean} and {@code liquibase dropAll},
 * {@code kafka-run-class.sh kafka.admin.ConsumerGroupCommand} is {@code kafka-consumer-groups.sh}.
 * Each is given to the resolver as the tool's own command, so a rule written for the tool's usual
 * spelling reads every spelling of it (the red-team pass of issue 80 found each).
 */
final class ToolSpellings {
  private ToolSpellings() {}

  /** A module run by {@code python -m} whose command has another name. */
  private static final Map<String, List<String>> MODULE_COMMANDS =
      Map.of(
          "django", List.of("python", "manage.py"),
          "awscli", List.of("aws"));

  /** Kafka's tool classes ({@code kafka-run-class.sh CLASS}) by simple name, and their scripts. */
  private static final Map<String, String> KAFKA_CLASSES =
      Map.of(
          "ConsumerGroupCommand", "kafka-consumer-groups.sh",
          "ConfigCommand", "kafka-configs.sh",
          "DeleteRecordsCommand", "kafka-delete-records.sh",
          "TopicCommand", "kafka-topics.sh",
          "AclCommand", "kafka-acls.sh");

  /** Build-tool plugins whose goals or tasks are a database tool's commands. */
  private static final Set<String> PLUGIN_TOOLS = NameSet.of("flyway", "liquibase");

  /** Liquibase's Gradle plugin's task names that are liquibase's commands. */
  private static final Set<String> LIQUIBASE_TASKS =
      NameSet.of(
          "dropAll", "update", "updateCount", "updateToTag", "clearCheckSums", "changelogSync");

  /** python's options that take the next word. */
  private static final Set<String> PYTHON_WITH_VALUE = NameSet.of("-W", "-X", "-Q");

  /** {@code python [options] -m MODULE args…}: the module's command with the same arguments. */
  static void pythonModule(List<ProgramWord> words, List<CarriedRun> found) {
    for (int i = 1; i < words.size(); i++) {
      String t = words.get(i).text();
      if (!t.startsWith("-") || t.equals("-") || t.equals("--")) {
        return; // a script, standard input, or code: no module
      }
      if (PYTHON_WITH_VALUE.contains(t)) {
        i++;
        continue;
      }
      if (t.startsWith("--") || t.startsWith("-W") || t.startsWith("-X")) {
        continue;
      }
      int m = t.indexOf('m');
      if (t.indexOf('c') > 0 && (m < 0 || t.indexOf('c') < m)) {
        return; // python -c: code, read elsewhere
      }
      if (m > 0) {
        String module = m + 1 < t.length() ? t.substring(m + 1) : null;
        int rest = i + 1;
        if (module == null && rest < words.size()) {
          module = words.get(rest).text();
          rest++;
        }
        if (module != null && words.get(i).literal()) {
          List<String> command = MODULE_COMMANDS.getOrDefault(module, List.of(module));
          found.add(new CarriedRun("python -m", null, spelled(command, words, rest)));
        }
        return;
      }
    }
  }

  /** {@code django-admin args…}: {@code python manage.py args…}. */
  static void djangoAdmin(List<ProgramWord> words, List<CarriedRun> found) {
    found.add(
        new CarriedRun("django-admin", null, spelled(List.of("python", "manage.py"), words, 1)));
  }

  /**
   * {@code node [options] …/node_modules/PACKAGE/…js args…} and {@code node
   * node_modules/.bin/NAME}: the package's command.
   */
  static void nodePackageScript(List<ProgramWord> words, List<CarriedRun> found) {
    for (int i = 1; i < words.size(); i++) {
      String t = words.get(i).text();
      if (t.startsWith("-")) {
        if (t.equals("-r") || t.equals("--require") || t.equals("--import")) {
          i++;
        }
        continue;
      }
      int at = t.lastIndexOf("node_modules/");
      if (at < 0 || !words.get(i).literal()) {
        return;
      }
      String[] parts = t.substring(at + "node_modules/".length()).split("/", -1);
      String name = null;
      if (parts.length >= 2 && parts[0].equals(".bin")) {
        name = parts[1];
      } else if (parts.length >= 3 && parts[0].startsWith("@")) {
        name = parts[1];
      } else if (parts.length >= 2 && !parts[0].startsWith("@")) {
        name = parts[0];
      }
      if (name != null && !name.isEmpty()) {
        found.add(new CarriedRun("node " + t, null, spelled(List.of(name), words, i + 1)));
      }
      return;
    }
  }

  /** {@code mvn … flyway:clean …}: {@code flyway clean} with Maven's other arguments. */
  static void mavenGoals(List<ProgramWord> words, List<CarriedRun> found) {
    for (int i = 1; i < words.size(); i++) {
      String t = words.get(i).text();
      int colon = t.indexOf(':');
      if (t.startsWith("-") || colon <= 0) {
        continue;
      }
      String plugin = t.substring(0, colon);
      String goal = t.substring(colon + 1);
      if (plugin.endsWith("-maven-plugin")) {
        plugin = plugin.substring(0, plugin.length() - "-maven-plugin".length());
      }
      if (PLUGIN_TOOLS.contains(plugin) && !goal.isEmpty()) {
        found.add(new CarriedRun("mvn " + t, null, toolWithOptions(plugin, goal, words, i)));
      }
    }
  }

  /** {@code ./gradlew flywayClean} and liquibase's plugin's {@code dropAll}, {@code update}. */
  static void gradleTasks(List<ProgramWord> words, List<CarriedRun> found) {
    for (int i = 1; i < words.size(); i++) {
      String t = words.get(i).text();
      if (t.startsWith("-")) {
        continue;
      }
      String task = t.substring(t.lastIndexOf(':') + 1);
      String tool = null;
      String command = null;
      if (task.startsWith("flyway") && task.length() > "flyway".length()) {
        tool = "flyway";
        command = task.substring("flyway".length()).toLowerCase(Locale.ROOT);
      } else if (LIQUIBASE_TASKS.contains(task) || task.startsWith("rollback")) {
        tool = "liquibase";
        command = task;
      }
      if (tool != null) {
        found.add(new CarriedRun("gradle " + t, null, toolWithOptions(tool, command, words, i)));
      }
    }
  }

  /** {@code kafka-run-class.sh CLASS args…}: the class's own script with the same arguments. */
  static void kafkaRunClass(List<ProgramWord> words, List<CarriedRun> found) {
    for (int i = 1; i < words.size(); i++) {
      String t = words.get(i).text();
      if (t.startsWith("-")) {
        continue;
      }
      String script = KAFKA_CLASSES.get(t.substring(t.lastIndexOf('.') + 1));
      if (script != null) {
        found.add(new CarriedRun("kafka-run-class", null, spelled(List.of(script), words, i + 1)));
      }
      return;
    }
  }

  /** The tool's words, then {@code words} from {@code from} on. */
  private static List<ProgramWord> spelled(List<String> tool, List<ProgramWord> words, int from) {
    List<ProgramWord> command = new ArrayList<>();
    for (String t : tool) {
      command.add(ProgramWord.plain(t));
    }
    command.addAll(words.subList(Math.min(from, words.size()), words.size()));
    return command;
  }

  /** {@code tool command} and the build's options (its properties name the database). */
  private static List<ProgramWord> toolWithOptions(
      String tool, String command, List<ProgramWord> words, int goal) {
    List<ProgramWord> out = new ArrayList<>();
    out.add(ProgramWord.plain(tool));
    out.add(ProgramWord.plain(command));
    for (int j = 1; j < words.size(); j++) {
      if (j != goal && words.get(j).text().startsWith("-")) {
        out.add(words.get(j));
      }
    }
    return out;
  }
}
