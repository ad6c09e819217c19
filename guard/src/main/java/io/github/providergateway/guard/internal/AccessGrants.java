package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Access given by a cloud's or a cluster's own API ({@code access.cloud-admin}): the account's
 * whole power handed to a user, a role, a service account or everyone. What the grant names is read
 * from the call's words: an administrator's managed policy attached ({@code AdministratorAccess},
 * {@code IAMFullAccess}), an inline policy that allows every action, an owner's, editor's or
 * administrator's role bound in a project, folder or organisation ({@code roles/owner}), a binding
 * to {@code allUsers}, an Azure assignment of {@code Owner}, {@code Contributor} or {@code User
 * Access Administrator}, a cluster role binding of {@code cluster-admin}. Narrow grants (a reader's
 * role, one bucket's viewer) are not this rule's.
 */
final class AccessGrants {
  private AccessGrants() {}

  /** AWS's managed policies that give the account's power, or the power to give it. */
  private static final Set<String> AWS_ADMIN_POLICIES =
      NameSet.of("AdministratorAccess", "IAMFullAccess", "PowerUserAccess");

  /** An IAM policy document's statement that allows every action. */
  private static final Pattern EVERY_ACTION =
      Pattern.compile("\"Action\"\\s*:\\s*(?:\\[\\s*)?\"(?:\\*|iam:\\*)\"");

  /** Google Cloud roles that own or administer what they are bound on. */
  private static final Pattern GCP_ADMIN_ROLE =
      Pattern.compile(
          "roles/(?:owner|editor|iam\\.securityAdmin|iam\\.serviceAccountTokenCreator"
              + "|resourcemanager\\.\\w*Admin|\\w+\\.admin)");

  /** Azure's roles that own a scope or give access to it. */
  private static final Set<String> AZURE_ADMIN_ROLES =
      NameSet.of(
          "owner",
          "contributor",
          "user access administrator",
          // the same roles by their built-in definitions' ids, as --role takes them too
          "8e3af657-a8ff-443c-a75c-2fe8c4bcb635",
          "b24988ac-6180-42a0-ab88-20f7382dd24c",
          "18d7d88d-d35e-4fb5-a5c3-7773c4a72b9d");

  /** Adds the predicate under its name. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("grants-cloud-admin", (scan, step, read) -> grantsAdmin(step));
  }

  private static boolean grantsAdmin(Step step) {
    List<Word> args = step.args();
    return switch (step.program()) {
      case "aws" -> aws(args);
      case "gcloud" -> gcloud(args);
      case "az" -> azure(args);
      case "kubectl", "oc" -> clusterAdmin(args);
      default -> false;
    };
  }

  private static boolean aws(List<Word> args) {
    boolean attaches = false;
    boolean writesPolicy = false;
    for (Word word : args) {
      String t = word.text();
      attaches |= t.startsWith("attach-") && t.endsWith("-policy");
      writesPolicy |=
          t.startsWith("put-") && t.endsWith("-policy")
              || t.equals("create-policy-version")
              || t.equals("create-policy");
    }
    for (Word word : args) {
      String t = word.text();
      if (attaches && AWS_ADMIN_POLICIES.contains(t.substring(t.lastIndexOf('/') + 1))) {
        return true;
      }
      if (writesPolicy && t.length() < 16_384 && PatternLiterals.finds(EVERY_ACTION, t)) {
        return true;
      }
    }
    return false;
  }

  private static boolean gcloud(List<Word> args) {
    boolean binds = false;
    for (Word word : args) {
      binds |= word.text().equals("add-iam-policy-binding") || word.text().equals("set-iam-policy");
    }
    if (!binds) {
      return false;
    }
    for (Word word : args) {
      String t = word.text();
      if (PatternLiterals.finds(GCP_ADMIN_ROLE, t)
          || t.contains("allUsers")
          || t.contains("allAuthenticatedUsers")) {
        return true;
      }
    }
    return false;
  }

  private static boolean azure(List<Word> args) {
    if (Argv.textAt(args, 0).equals("role")
        && Argv.textAt(args, 1).equals("assignment")
        && Argv.textAt(args, 2).equals("create")) {
      for (int i = 3; i < args.size(); i++) {
        String t = args.get(i).text();
        String role =
            t.startsWith("--role=")
                ? t.substring(7)
                : t.equals("--role") && i + 1 < args.size() ? args.get(i + 1).text() : null;
        String name = role == null ? null : role.substring(role.lastIndexOf('/') + 1);
        if (name != null && AZURE_ADMIN_ROLES.contains(name.toLowerCase(Locale.ROOT))) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean clusterAdmin(List<Word> args) {
    if (!Argv.textAt(args, 0).equals("create")
        || !Argv.textAt(args, 1).equals("clusterrolebinding")
            && !Argv.textAt(args, 1).equals("rolebinding")) {
      return false;
    }
    for (int i = 2; i < args.size(); i++) {
      String t = args.get(i).text();
      if (t.equals("--clusterrole=cluster-admin")
          || t.equals("--clusterrole") && Argv.textAt(args, i + 1).equals("cluster-admin")) {
        return true;
      }
    }
    return false;
  }
}
