package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What an admin client changes on production that a clause cannot say by its words alone (decision
 * 191): {@code kubectl scale} down to one replica, {@code kubectl cp} of a file into a running pod,
 * not out of one, and a Kafka admin client's change called from inline code ({@code
 * AdminClient(…).create_partitions(…)}), whose verbs are methods as the command-line tools' are
 * options. Each holds only where the call names production (decision 92), so a local or staging
 * cluster's is ordinary work.
 */
final class ProductionAdminActs {
  private ProductionAdminActs() {}

  /** Adds the predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put(
        "production-copies-into-pod",
        (scan, step, read) -> copiesIntoPod(step.args()) && Environments.production(scan, step));
    named.put(
        "production-scales-down",
        (scan, step, read) ->
            scalesDown(step.invocation().args()) && Environments.production(scan, step));
    named.put(
        "production-kafka-admin-code",
        (scan, step, read) -> {
          String code = InterpreterCode.of(step);
          return code != null
              && kafkaAdminChange(code)
              && (Environments.production(scan, step) || Environments.namesProduction(code));
        });
  }

  /**
   * Whether {@code kubectl scale} leaves one replica or fewer ({@code --replicas=1}: no redundancy
   * left, an ensemble without its quorum), or fewer than {@code --current-replicas} says run. A
   * count raised, or set above one with nothing said of the count before, is a capacity change a
   * deploy makes as well; zero is {@code production.scale-down}'s.
   *
   * @param args the program's arguments as given
   */
  static boolean scalesDown(List<String> args) {
    Long replicas = OptionNumbers.value(args, "--replicas");
    Long current = OptionNumbers.value(args, "--current-replicas");
    Long most = OptionNumbers.value(args, "--max"); // kubectl autoscale's ceiling (decision 195)
    return replicas != null && (replicas <= 1 || current != null && replicas < current)
        || most != null && most <= 1;
  }

  /**
   * Whether {@code kubectl cp SRC DST}'s destination is a pod's path ({@code pod:/app/x}, {@code
   * "$p":/app/x}) and its source this machine's: the file lands in the running container. A pod's
   * file copied here ({@code pod:/tmp/heap.hprof ./heap.hprof}) is a read.
   *
   * @param args the program's words, the program left out
   */
  static boolean copiesIntoPod(List<Word> args) {
    if (extractsIntoPod(args)) {
      return true;
    }
    List<Word> positionals =
        Argv.of(
                args,
                "ncs",
                "namespace",
                "context",
                "kubeconfig",
                "cluster",
                "server",
                "user",
                "container",
                "token",
                "retries")
            .positionals();
    int cp = -1;
    for (int i = 0; i < positionals.size() && cp < 0; i++) {
      cp = positionals.get(i).text().equals("cp") ? i : -1;
    }
    if (cp < 0 || positionals.size() < cp + 3) {
      return false;
    }
    return podPath(positionals.get(positionals.size() - 1).text())
        && !podPath(positionals.get(cp + 1).text());
  }

  /**
   * Whether {@code kubectl exec -i POD -- tar x…} unpacks what this machine sends on the standard
   * input into the pod: {@code kubectl cp}'s own door, written out (red team, decision 195).
   */
  private static boolean extractsIntoPod(List<Word> args) {
    boolean input = false;
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (text.equals("--")) {
        return input
            && i + 2 < args.size()
            && args.get(i + 1).text().equals("tar")
            && extracts(args.get(i + 2).text());
      }
      input |=
          text.equals("--stdin")
              || text.equals("--stdin=true")
              || text.startsWith("-") && !text.startsWith("--") && text.indexOf('i') > 0;
    }
    return false;
  }

  /** tar's first word asking it to extract: {@code xf}, {@code -xzf}, {@code --extract}. */
  private static boolean extracts(String mode) {
    return mode.equals("--extract")
        || mode.equals("--get")
        || !mode.startsWith("--") && mode.length() <= 8 && mode.indexOf('x') >= 0;
  }

  /** {@code pod:/path}, {@code ns/pod:path}: a colon before the path, and no local path's start. */
  private static boolean podPath(String text) {
    return text.indexOf(':') > 0
        && !text.startsWith("/")
        && !text.startsWith(".")
        && !text.startsWith("~");
  }

  /**
   * A Kafka admin client's call that changes the cluster: topics, partitions, ACLs, configs,
   * reassignments, leaders, records, a group's offsets (confluent_kafka's and kafka-python's snake
   * case, the Java client's and KafkaJS's camel case). Listing and describing are reads.
   */
  private static final Pattern ADMIN_CHANGE =
      Pattern.compile(
          "\\.(?:create_partitions|create_topics|delete_topics|create_acls|delete_acls"
              + "|alter_configs|incremental_alter_configs|alter_partition_reassignments"
              + "|elect_leaders|delete_records|alter_consumer_group_offsets|delete_consumer_groups"
              + "|createPartitions|createTopics|deleteTopics|createAcls|deleteAcls|alterConfigs"
              + "|incrementalAlterConfigs|alterPartitionReassignments|electLeaders|deleteRecords"
              + "|deleteTopicRecords|setOffsets|resetOffsets|deleteGroups)\\s*\\(");

  /** Whether inline code is a Kafka client's and calls one of its admin changes. */
  static boolean kafkaAdminChange(String code) {
    return code.length() < 65_536
        && code.toLowerCase(Locale.ROOT).contains("kafka")
        && PatternLiterals.finds(ADMIN_CHANGE, code);
  }
}
