package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What a maintainer's requests to a forge's or a registry's API do (issue 80, round 10, decision
 * 141), read from {@link ForgeRequests}: an embargoed advisory published, a repository hidden, the
 * Actions' trust widened, a security feature turned off, alerts dismissed for a whole list, the
 * organisation's access changed, the community shut out, a file written straight onto the default
 * branch, a release's tag or files removed, the docs site removed, a registry's owners or an
 * account's address changed.
 */
final class MaintainerApis {
  private MaintainerApis() {}

  /** One kind of request: its methods, what its target holds, what one of its fields holds. */
  private record Kind(Set<String> methods, Pattern target, Pattern field) {
    boolean of(ForgeRequests request) {
      return request.is(methods, target, field);
    }
  }

  private static final Set<String> WRITES = NameSet.of("POST", "PUT", "PATCH");
  private static final Set<String> CHANGES = NameSet.of("PUT", "PATCH");
  private static final Set<String> DELETES = NameSet.of("DELETE");
  private static final Set<String> ANY_WRITE = NameSet.of("POST", "PUT", "PATCH", "DELETE");

  private static Kind kind(Set<String> methods, String target, String field) {
    return new Kind(
        methods,
        Pattern.compile(target),
        field == null ? null : Pattern.compile("^" + field + "$"));
  }

  /** A repository or a project itself, not what lies below it. */
  private static final String REPOSITORY =
      "(?:^|/)(?:repos/[^/]+/[^/?]+|projects/[^/?]+)/?(?:\\?|$)";

  /** The kinds each predicate finds. */
  private static final Map<String, List<Kind>> KINDS =
      Map.ofEntries(
          Map.entry(
              "advisory-published",
              List.of(kind(WRITES, "security-advisories", "state=published"))),
          Map.entry(
              "repository-hidden",
              List.of(
                  kind(CHANGES, REPOSITORY, "(?:private=true|visibility=(?:private|internal))"))),
          Map.entry(
              "actions-trust-widened",
              List.of(
                  kind(
                      WRITES,
                      "actions/(?:permissions|runner-groups)",
                      "(?:allowed_actions=all|default_workflow_permissions=write"
                          + "|can_approve_pull_request_reviews=true"
                          + "|approval_policy=first_time_contributors(?:_new_to_github)?"
                          + "|allows_public_repositories=true|send_secrets_and_variables=true"
                          + "|send_write_tokens_to_workflows=true"
                          + "|require_approval_for_fork_pr_workflows=false"
                          + "|sha_pinning_required=false)"))),
          Map.entry(
              "security-feature-off",
              List.of(
                  kind(
                      DELETES,
                      "(?:vulnerability-alerts|private-vulnerability-reporting"
                          + "|automated-security-fixes|rulesets/\\d+)/?$",
                      null),
                  kind(
                      CHANGES,
                      REPOSITORY,
                      "[^=]*(?:secret_scanning|advanced_security|push_protection"
                          + "|dependabot_security_updates|code_security)[^=]*=disabled"),
                  kind(WRITES, "code-scanning/default-setup", "state=not-configured"),
                  kind(
                      CHANGES,
                      "branches/[^/]+/protection",
                      "(?:required_approving_review_count=0|enforce_admins=false"
                          + "|dismiss_stale_reviews=false|require_code_owner_reviews=false"
                          + "|required_pull_request_reviews=null|required_status_checks=null"
                          + "|allow_force_pushes=true|allow_deletions=true)"),
                  kind(CHANGES, "rulesets/\\d+", "enforcement=(?:disabled|evaluate)"))),
          Map.entry(
              "alert-dismissed",
              List.of(
                  kind(
                      CHANGES,
                      "(?:code-scanning|dependabot|secret-scanning)/alerts/",
                      "state=(?:dismissed|resolved|auto_dismissed)"))),
          Map.entry(
              "org-access-changed",
              List.of(
                  kind(CHANGES, "orgs/[^/]+/teams/[^/]+/(?:repos|memberships)/", null),
                  kind(CHANGES, "(?:^|/)teams/\\d+/(?:repos|memberships)/", null),
                  kind(ANY_WRITE, "orgs/[^/]+/(?:outside_collaborators|organization-roles)/", null),
                  kind(DELETES, "orgs/[^/]+/(?:members|memberships|public_members)/", null),
                  kind(WRITES, "personal-access-token-requests", null),
                  kind(WRITES, "actions/runners/(?:registration-token|generate-jitconfig)", null),
                  kind(ANY_WRITE, "(?:^|/)(?:projects|groups)/[^/]+/members", null))),
          Map.entry(
              "community-shut-out",
              List.of(
                  kind(CHANGES, REPOSITORY, "has_(?:issues|discussions)=false"),
                  kind(CHANGES, "(?:orgs/[^/]+|^/?user)/blocks/", null),
                  kind(CHANGES, "interaction-limits/?$", null),
                  kind(CHANGES, "guilds/\\d+/bans/", null))),
          Map.entry(
              "release-removed",
              List.of(
                  kind(ANY_WRITE, "git/refs/tags/", null),
                  kind(DELETES, "(?:^|/)releases/(?:assets/)?\\d+/?$", null),
                  kind(DELETES, "(?:^|/)(?:api\\.)?anaconda\\.org/", null),
                  kind(ANY_WRITE, "pypi\\.org/manage/project/[^/]+/release/", null),
                  kind(DELETES, "(?:^|/)api/v1/crates/[^/]+/[^/]+/yank", null))),
          Map.entry(
              "docs-site-removed",
              List.of(
                  kind(DELETES, "repos/[^/]+/[^/]+/pages/?$", null),
                  kind(DELETES, "readthedocs\\.(?:org|com|io)/api/v\\d/projects/", null))),
          Map.entry(
              "registry-owners-changed",
              List.of(
                  kind(ANY_WRITE, "crates\\.io/api/v1/crates/[^/]+/owners", null),
                  kind(ANY_WRITE, "rubygems\\.org/api/v1/gems/[^/]+/owners", null),
                  kind(ANY_WRITE, "hex\\.pm/api/packages/[^/]+/owners", null),
                  kind(ANY_WRITE, "pypi\\.org/manage/project/[^/]+/(?:collaboration|roles)", null),
                  kind(
                      ANY_WRITE,
                      "hub\\.docker\\.com/v2/orgs/[^/]+/(?:groups/[^/]+/)?members",
                      null),
                  kind(
                      ANY_WRITE,
                      "registry\\.npmjs\\.org/-/(?:package/[^/]+/collaborators|team/)",
                      null))),
          Map.entry(
              "account-recovery-changed",
              List.of(
                  kind(CHANGES, "crates\\.io/api/v1/users/", "email=.*"),
                  kind(Set.of("POST", "DELETE"), "(?:^|/)user/emails/?$", null),
                  kind(WRITES, "registry\\.npmjs\\.org/-/npm/v1/user", "email=.*"))),
          Map.entry(
              "reach-changed",
              List.of(
                  kind(CHANGES, REPOSITORY, "(?:name|default_branch)=.*"),
                  kind(WRITES, "repos/[^/]+/[^/]+/pages/?$", "cname=.*"),
                  kind(WRITES, "repos/[^/]+/[^/]+/branches/[^/]+/rename/?$", null))),
          Map.entry(
              "list-deleted",
              List.of(
                  kind(DELETES, "/3\\.\\d/lists/[^/]+/?$", null),
                  kind(DELETES, "/3\\.\\d/lists/[^/]+/roster/member/?$", null))),
          Map.entry(
              "signing-key-removed",
              List.of(kind(DELETES, "(?:^|/)user/(?:gpg_keys|ssh_signing_keys)/\\d+", null))),
          Map.entry(
              "report-closed",
              List.of(kind(CHANGES, "security-advisories/", "state=(?:closed|withdrawn)"))));

  /**
   * Whether the program's request is of the kind.
   *
   * @param kind the kind's name, a key of {@link #KINDS}
   * @param step the program
   * @return whether it is
   */
  static boolean is(String kind, Step step) {
    ForgeRequests request = ForgeRequests.of(step);
    if (request == null || request.method().equals("GET")) {
      return false;
    }
    for (Kind one : KINDS.get(kind)) {
      if (one.of(request)) {
        return true;
      }
    }
    return false;
  }

  /** The kinds' names, for their predicates. */
  static Set<String> kinds() {
    return KINDS.keySet();
  }

  /**
   * Whether the program dismisses or resolves a security alert for each of a list: its number made
   * by the shell ({@code alerts/$n} in a loop), or handed by {@code xargs}.
   */
  static boolean dismissesForEach(Step step) {
    ForgeRequests request = ForgeRequests.of(step);
    return request != null
        && is("alert-dismissed", step)
        && (request.computed() || step.reachedBy("xargs"));
  }

  /**
   * Whether the program writes or deletes a file through a forge's contents API on the default
   * branch: no branch named, or {@code main}, {@code master}, {@code trunk}: no pull request, no
   * review, no check.
   */
  static boolean writesOntoDefaultBranch(Step step) {
    ForgeRequests request = ForgeRequests.of(step);
    if (request == null
        || !Set.of("PUT", "DELETE", "POST").contains(request.method())
        || !PatternLiterals.finds(CONTENTS, request.target())) {
      return false;
    }
    for (String field : request.fields()) {
      if (field.startsWith("@")) {
        return false; // the fields are in a file (curl -d @body.json, gh api --input): not known
      }
    }
    String branch = request.field("branch");
    return branch == null || PatternLiterals.matches(DEFAULT_BRANCH, branch);
  }

  private static final Pattern CONTENTS =
      Pattern.compile("repos/[^/]+/[^/]+/contents/|projects/[^/]+/repository/files/");

  private static final Pattern DEFAULT_BRANCH = Pattern.compile("main|master|trunk|default");
}
