package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * terraform, tofu and terragrunt: destroying a stack, replacing a resource that holds data, and
 * applying a plan saved in the same command that does either: the reader of the predicates {@code
 * terraform-destroys} and {@code terraform-replaces-data} ({@link InfraPredicates}).
 */
final class TerraformPlans {
  private TerraformPlans() {}

  /**
   * Parts of a Terraform resource type that say it holds data: replacing such a resource destroys
   * the data with it ({@code aws_db_instance}, {@code google_sql_database_instance}, {@code
   * aws_s3_bucket}, {@code aws_ebs_volume}).
   */
  private static final List<String> DATA_TYPES =
      List.of(
          "_db_",
          "database",
          "rds_",
          "_sql",
          "postgres",
          "mysql",
          "mariadb",
          "mongo",
          "redis",
          "elasticache",
          "memcache",
          "dynamodb",
          "cosmosdb",
          "bigtable",
          "spanner",
          "firestore",
          "bigquery",
          "redshift",
          "docdb",
          "neptune",
          "elasticsearch",
          "opensearch",
          "bucket",
          "storage_account",
          "storage_container",
          "storage_share",
          "volume",
          "_disk",
          "file_system",
          "filestore",
          "kms_key",
          "key_vault",
          "secret");

  /** What a terraform, tofu or terragrunt call does to the stack's resources. */
  enum Effect {
    /** Nothing these rules name. */
    NONE,
    /** Destroys every resource of the stack. */
    DESTROY,
    /** Replaces a resource that holds data. */
    REPLACE
  }

  /** The programs that save and apply plans, one another's too. */
  private static final Set<String> PROGRAMS = NameSet.of("terraform", "tofu", "terragrunt");

  /**
   * A call's words as terraform reads them.
   *
   * @param sub its command, terragrunt's after {@code run-all} or {@code run}
   * @param pos its positionals
   * @param destroyFlag whether {@code -destroy} is given
   * @param replacesData whether a {@code -replace} names a resource that holds data
   * @param out the plan file {@code -out} names, or {@code null}
   */
  private record Reading(
      String sub, List<Word> pos, boolean destroyFlag, boolean replacesData, String out) {

    /** {@return what a plan this call saves does when applied, or {@code null} for none} */
    Effect saved() {
      if (!sub.equals("plan") || out == null) {
        return null;
      }
      return destroyFlag ? Effect.DESTROY : replacesData ? Effect.REPLACE : null;
    }
  }

  /**
   * What a terraform, tofu or terragrunt call does: destroy, {@code apply -destroy}, terragrunt's
   * {@code run-all destroy} and {@code run --all [--] destroy}, and applying a plan saved earlier
   * in the same command with {@code plan -destroy -out=…}; {@code -replace} of a resource that
   * holds data, or applying a plan that does.
   *
   * @param scan the call
   * @param step the program
   * @return its effect
   */
  static Effect effect(Scan scan, Step step) {
    Reading reading = read(step);
    if (reading.sub().equals("plan") && reading.out() != null) {
      return Effect.NONE; // saved, not applied
    }
    Effect applied = null;
    if (reading.sub().equals("apply")) {
      // Plan files saved before it in this command that destroy (plan -destroy) or replace what
      // holds data, by their name: applying one does what the plan says.
      Map<String, Effect> plans = new HashMap<>();
      for (Step earlier : scan.steps()) {
        if (earlier == step) {
          break;
        }
        Effect saved = PROGRAMS.contains(earlier.program()) ? read(earlier).saved() : null;
        if (saved != null) {
          plans.put(base(read(earlier).out()), saved);
        }
      }
      applied = plans.get(base(Argv.textAt(reading.pos(), 1)));
    }
    if (reading.sub().equals("destroy")
        || reading.sub().equals("apply") && reading.destroyFlag()
        || applied == Effect.DESTROY) {
      return Effect.DESTROY;
    }
    return reading.sub().equals("apply") && (reading.replacesData() || applied == Effect.REPLACE)
        ? Effect.REPLACE
        : Effect.NONE;
  }

  private static Reading read(Step step) {
    List<Word> pos = new ArrayList<>();
    boolean destroyFlag = false;
    boolean replacesData = false;
    String out = null;
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      String t = args.get(i).text();
      if (!t.startsWith("-")) {
        pos.add(args.get(i));
        continue;
      }
      String flag = t.startsWith("--") ? t.substring(1) : t; // Go's flags take - and --
      destroyFlag |= flag.equals("-destroy") || flag.equals("-destroy=true");
      // Go's flags take a value after = or in the next word.
      String value =
          flag.indexOf('=') > 0
              ? flag.substring(flag.indexOf('=') + 1)
              : i + 1 < args.size() ? args.get(i + 1).text() : "";
      String name = flag.indexOf('=') > 0 ? flag.substring(0, flag.indexOf('=')) : flag;
      if (name.equals("-replace")) {
        replacesData |= holdsData(value);
      } else if (name.equals("-out")) {
        out = value;
      } else {
        continue;
      }
      if (flag.indexOf('=') < 0) {
        i++; // the value was the next word
      }
    }
    String sub = Argv.textAt(pos, 0);
    if (sub.equals("run-all") || sub.equals("run")) {
      // terragrunt run --all destroy, run -- destroy, run-all destroy
      sub = Argv.textAt(pos, 1);
    }
    return new Reading(sub, pos, destroyFlag, replacesData, out);
  }

  private static String base(String path) {
    return path.substring(path.lastIndexOf('/') + 1);
  }

  /**
   * Whether a resource address names a resource whose type holds data ({@code
   * module.db.aws_db_instance.main[0]}): its type is the first part that is no module's name.
   */
  static boolean holdsData(String address) {
    String[] parts = address.split("\\.");
    for (int i = 0; i < parts.length; i++) {
      if (parts[i].equals("module")) {
        i++; // the module's name
        continue;
      }
      if (parts[i].equals("data")) {
        return false; // a data source is read, never replaced
      }
      String type = parts[i].toLowerCase(Locale.ROOT);
      for (String data : DATA_TYPES) {
        if (type.contains(data)) {
          return true;
        }
      }
      return false;
    }
    return false;
  }
}
