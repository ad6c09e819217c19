package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.Access.Kind;
import io.github.providergateway.guard.internal.RuleSpec.When;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The files a call reads or writes that hold secrets, for a group of the book's clauses where some
 * are secret clauses ({@code "secret": {...}}). Read by path, so {@code cat ~/.ssh/id_rsa}, {@code
 * curl -d @~/.ssh/id_rsa}, {@code < ~/.ssh/id_rsa} and the read tool on it are one rule.
 *
 * <p>A file read is the secret of the rule {@link SecretPaths} names (a glob that would match one,
 * or the file a link reads). A file written is claimed by the first of the group's clauses, in
 * their order, that is about it: a secret clause whose rule's secret it is, or another clause over
 * files whose place holds it ({@code secrets.ssh-write}'s {@code ~/.ssh/**}); the claim is a match
 * when the file tool writes it, or a program writes it with contents and its clause does not say
 * {@code "shell-writes": false} (a {@code .env} made from its template reads nothing).
 */
final class SecretAccesses {
  /**
   * A clause of the group.
   *
   * @param rule its rule
   * @param when the clause
   * @param places where its files lie, for a clause that is not a secret one; else {@code null}
   */
  private record Claim(BuiltinRule rule, When when, FilePlaces places) {}

  private final List<Claim> claims;

  /**
   * The group's clauses over files.
   *
   * @param clauses each rule and clause, in the order they are tried
   */
  SecretAccesses(List<Map.Entry<BuiltinRule, When>> clauses) {
    List<Claim> all = new java.util.ArrayList<>();
    for (Map.Entry<BuiltinRule, When> clause : clauses) {
      When when = clause.getValue();
      boolean secret = when.files().kind().equals("secret");
      all.add(new Claim(clause.getKey(), when, secret ? null : FilePlaces.of(when.files())));
    }
    this.claims = List.copyOf(all);
  }

  /**
   * Adds the matches of the call's files.
   *
   * @param scan the call
   */
  void scan(Scan scan) {
    java.nio.file.Path home = scan.places().home();
    // A long command names the same few files again and again, and their targets are shared:
    // each target is read once.
    Map<Target, Optional<BuiltinRule>> read = new IdentityHashMap<>();
    List<Access> accesses = scan.accesses();
    for (int i = 0; i < accesses.size(); i++) { // indexed: a long command has hundreds
      Access access = accesses.get(i);
      Target target = access.target();
      // get and put, not computeIfAbsent: its capturing lambda would be a new object an access.
      Optional<BuiltinRule> known = read.get(target);
      if (known == null) {
        known = Optional.ofNullable(SecretPaths.secretOrGlob(home, target));
        read.put(target, known);
      }
      BuiltinRule secret = known.orElse(null);
      if (access.kind() == Kind.READ) {
        if (secret != null) {
          scan.hit(secret, access);
        } else {
          // Where it is on the disk: cat k/id_rsa with k -> ~/.ssh reads the key (issue 75).
          Target real = scan.realPaths().of(target);
          BuiltinRule onDisk = real == null ? null : SecretPaths.secretOrGlob(home, real);
          if (onDisk != null) {
            scan.hit(onDisk, new Access(Kind.READ, real, access.invocation()));
          }
        }
        readByOthers(scan, access);
        continue;
      }
      written(scan, access, secret);
    }
  }

  /**
   * The group's other clauses about files read ({@code "reads"}), tried on a file read as they are
   * where the group has no secret clause: a secret clause beside them must not silence them.
   */
  private void readByOthers(Scan scan, Access access) {
    for (int k = 0; k < claims.size(); k++) {
      Claim claim = claims.get(k);
      if (claim.places() != null
          && BookRules.meets(access, claim.when())
          && claim.places().holds(scan, access)) {
        scan.hit(claim.rule(), access);
      }
    }
  }

  /** The match of a file written whose secret, if any, is {@code secret}'s. */
  private void written(Scan scan, Access access, BuiltinRule secret) {
    for (int k = 0; k < claims.size(); k++) {
      Claim claim = claims.get(k);
      RuleSpec.Files files = claim.when().files();
      if (claim.places() == null) {
        if (claim.rule() == secret) {
          // The edit tool shows and rewrites what it changes, but for a whole .env of local
          // values over nothing else (decision 181); a shell writing a .env file (cp .env.example
          // .env) reads nothing of it.
          boolean fileTool = access.invocation() == null;
          boolean localEnv =
              fileTool && "env-file".equals(files.place()) && LocalEnvWrites.harmless(scan, access);
          if (fileTool ? !localEnv : files.shellWrites() && !access.metadataOnly()) {
            scan.hit(secret, access);
          }
          return;
        }
      } else if (BookRules.meets(access, claim.when()) && claim.places().holds(scan, access)) {
        scan.hit(claim.rule(), access);
        return;
      }
    }
  }
}
