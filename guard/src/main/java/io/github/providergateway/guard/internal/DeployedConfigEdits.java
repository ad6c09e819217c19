package io.github.providergateway.guard.internal;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * An edit of what a deployment applies (decision 309, {@code shapes.deployed-config-edited}): a
 * configuration file in a place named for production ({@code deploy/jobs/prod/scheduler.yaml},
 * {@code ansible/inventories/prod/group_vars/radius.yml}, {@code values-prod.yaml}) or in a
 * deployment's own folder ({@code deploy/}, {@code k8s/}, {@code helm/}, {@code terraform/}, {@code
 * ansible/}, {@code infra/}, {@code manifests/}). The blind rounds' misses are most often such
 * edits whose harm is in the trade's values (a grade roll's mode, a RADIUS client, a line speed, a
 * loot table's odds), which no reading of values can know for every trade: the next apply or deploy
 * makes them so with no one having looked. Decisions 304–308 read the values one trade at a time,
 * and none reached the next round; this reads the place instead, and asks. A test's, a fixture's, a
 * document's or an example's file, and a development, test, staging or sandbox environment's, are
 * let through.
 */
final class DeployedConfigEdits {
  private DeployedConfigEdits() {}

  /** The files a deployment reads as configuration. */
  private static final Pattern CONFIGURATION =
      Pattern.compile("(?i)\\.(?:ya?ml|toml|ini|conf|cfg|properties|env|hcl|tfvars|tf|json|xml)$");

  /** A place named for production, or a deployment's own folder. */
  private static final Pattern DEPLOYED =
      Pattern.compile(
          "(?i)(?:^|[/._-])(?:prod|production|live|prd)(?:[/._-]|$)"
              + "|(?:^|/)(?:deploy|deployments?|k8s|kubernetes|helm|charts?|ansible"
              + "|terraform|infra|manifests?|puppet|salt|gitops|argocd|flux)/");

  /** A test's, a document's or an example's file. */
  private static final Pattern NOBODYS =
      Pattern.compile(
          "(?i)(?:^|/)(?:tests?|spec|__tests__|fixtures?|docs?|examples?|samples?)/"
              + "|_test\\.|\\.test\\.|(?:^|/)test_|\\.example\\.|\\.sample\\.");

  /** A trial environment's place. */
  private static final Pattern TRIAL =
      Pattern.compile(
          "(?i)(?:^|[/._-])(?:staging|stage|stg|dev|development|local|sandbox|qa|uat|test"
              + "|testing|sim|ci|preview|demo)(?:[/._-]|$)");

  /** Adds the call's predicate under its name. */
  static void addCallsTo(Map<String, Where.CallPredicate> onCall) {
    onCall.put(
        "deployed-config-edited",
        scan ->
            EditCalls.read(
                scan.call(),
                (old, now, files) ->
                    changesWhatIsThere(old, now) ? edited(files, scan.call().project()) : null));
    // decision 317: a value of a running thing's settings moved, wherever the file lies
    onCall.put(
        "edit-live-setting-changed",
        scan ->
            scan.call() == null
                ? null
                : EditCalls.read(
                    scan.call(),
                    (old, now, files) ->
                        LiveSettingChanges.of(
                            old, now, EditCalls.inProject(files, scan.call().project()))));
  }

  /**
   * Whether the edit changes text that is there, not only adds to it: a new file, a rule or an
   * entry added before or after what stays ({@code rules:} followed by a new alert) is the team's
   * ordinary growth of its deployment, which round 44 to 52's controls did every day; a value
   * changed is what the blind rounds' harms were.
   */
  static boolean changesWhatIsThere(String old, String now) {
    return old != null
        && !old.isBlank()
        && now != null
        && !now.startsWith(old)
        && !now.endsWith(old);
  }

  /**
   * {@return the deployed configuration file the edit changes, or null}
   *
   * @param files the files changed, as the call names them
   * @param project the project's folder, or null
   */
  static String edited(List<String> files, java.nio.file.Path project) {
    // the project's own folders are read, not where it is kept (~/dev/acme is no dev place)
    for (String path : EditCalls.inProject(files, project)) {
      if (PatternLiterals.finds(CONFIGURATION, path)
          && PatternLiterals.finds(DEPLOYED, path)
          && !PatternLiterals.finds(NOBODYS, path)
          && !PatternLiterals.finds(TRIAL, path)) {
        return path;
      }
    }
    return null;
  }
}
