package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A cloud CLI's operation that changes the account it is logged in to (decision 190): {@code aws
 * ec2 stop-instances}, {@code gcloud container clusters upgrade}, {@code az vm deallocate}. The
 * CLIs are logged in to the person's accounts, production among them, and the book names many of
 * their harms one by one ({@code cloud.delete}, {@code production.scale-down}, …); an operation
 * nobody listed went through. Read last, only of a call no rule of the book matched, so that a rule
 * naming the harm keeps its verdict; not of a dry run, a local emulator's endpoint, or a place
 * named for development or staging with nothing naming production.
 */
final class CloudAccountChanges {
  /** How a file of this machine the call reads begins: it names no place of the account. */
  private static final List<String> LOCAL_FILES =
      List.of("file://", "fileb://", "@", "./", "../", "~/", "/tmp/");

  private CloudAccountChanges() {}

  /** Whether the call changes the account and no rule judged it. */
  static boolean changes(Scan scan, Step step) {
    CloudOperations.Operation operation = CloudOperations.of(step);
    List<Word> args = step.args();
    if (operation == null || !CloudOperations.changes(operation, args)) {
      return false;
    }
    if (DryRuns.in(args) || localEndpoint(args) || skeleton(args) || queryReads(operation, args)) {
      return false;
    }
    if (!Environments.production(scan, step) && placeForTrying(operation, args)) {
      return false;
    }
    return !UnjudgedVerbs.judged(scan, step.invocation());
  }

  /**
   * Whether an interpreter's inline code that reaches something shared ({@link
   * SharedCodeActs#sharedCode}: not a local or test endpoint) calls a boto3 client's operation that
   * changes the account, and no rule judged it.
   */
  static boolean codeChanges(Scan scan, Step step) {
    String code = SharedCodeActs.sharedCode(step, List.of());
    return code != null
        && (Boto3Operations.change(code) || AwsJsCommands.change(code))
        && !UnjudgedVerbs.judged(scan, step.invocation());
  }

  /** The query services' operations that run the SQL they are given, and its option. */
  private static final Map<String, Set<String>> SQL_OPTIONS =
      Map.of(
          "athena start-query-execution", Set.of("--query-string"),
          "redshift-data execute-statement", Set.of("--sql"));

  /**
   * Whether the operation runs SQL given in the call that only reads ({@code aws athena
   * start-query-execution --query-string "SELECT …"}): a count of contacts changes nothing held in
   * the account (decision 201), where {@code DROP TABLE} or {@code UNLOAD} does.
   */
  private static boolean queryReads(CloudOperations.Operation operation, List<Word> args) {
    Set<String> options =
        operation.cli().equals("aws") ? SQL_OPTIONS.get(String.join(" ", operation.words())) : null;
    return options != null && SqlReadsOnly.readsIn(args, options);
  }

  /**
   * aws's {@code --generate-cli-skeleton}: the operation's parameters printed, nothing called (red
   * team, decision 195).
   */
  private static boolean skeleton(List<Word> args) {
    for (Word word : args) {
      if (word.text().startsWith("--generate-cli-skeleton")) {
        return true;
      }
    }
    return false;
  }

  /** aws's {@code --endpoint-url} on this machine: LocalStack, MinIO, a test suite's emulator. */
  private static boolean localEndpoint(List<Word> args) {
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      String value =
          text.equals("--endpoint-url") && i + 1 < args.size()
              ? args.get(i + 1).text()
              : text.startsWith("--endpoint-url=") ? text.substring(15) : null;
      if (value != null && DockerCommands.LOCAL_ENDPOINT.matcher(value).matches()) {
        return true;
      }
    }
    return false;
  }

  /**
   * A word of the call, not of its operation's name, that names development, test or staging
   * ({@code --profile staging}, {@code --project acme-dev}, {@code -g rg-dev}, {@code --cluster
   * shop-staging}, {@code --name /staging/shop/flag}): a file of this machine it reads ({@code
   * file://}, {@code @}, a relative or temporary path) and free text aside, which name no place of
   * the account.
   */
  private static boolean placeForTrying(CloudOperations.Operation operation, List<Word> args) {
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (operation.at().contains(i) || text.startsWith("-") && !text.contains("=")) {
        continue;
      }
      String value = text.startsWith("-") ? text.substring(text.indexOf('=') + 1) : text;
      if (value.length() < 128
          && value.indexOf(' ') < 0
          && !CloudOperations.begins(value, LOCAL_FILES)
          && Environments.stagingHost(value)) {
        return true;
      }
    }
    return false;
  }
}
