package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * terraform, tofu and terragrunt: destroying a stack, replacing a resource that holds data, and
 * applying a plan saved in the same command that does either. Part of {@link InfraRules}.
 */
final class TerraformPlans {
  private static final BuiltinRule TERRAFORM_DESTROY = RuleBook.rule("infra.terraform-destroy");
  private static final BuiltinRule TERRAFORM_REPLACE = RuleBook.rule("infra.terraform-replace");

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

  /**
   * terraform, tofu and terragrunt: destroy, {@code apply -destroy}, terragrunt's {@code run-all
   * destroy} and {@code run --all [--] destroy}, and applying a plan saved in the same command with
   * {@code plan -destroy -out=…}; {@code -replace} of a resource that holds data, or applying a
   * plan that does.
   */
  static void terraform(Scan scan, Step step, Map<String, BuiltinRule> plans) {
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
      sub = Argv.textAt(pos, 1); // terragrunt run --all destroy, run -- destroy, run-all destroy
    }
    if (sub.equals("plan") && out != null) {
      BuiltinRule planned =
          destroyFlag ? TERRAFORM_DESTROY : replacesData ? TERRAFORM_REPLACE : null;
      if (planned != null) {
        plans.put(base(out), planned);
      }
      return;
    }
    BuiltinRule applied = sub.equals("apply") ? plans.get(base(Argv.textAt(pos, 1))) : null;
    if (sub.equals("destroy")
        || sub.equals("apply") && destroyFlag
        || applied == TERRAFORM_DESTROY) {
      scan.hit(TERRAFORM_DESTROY, step, null);
    } else if (sub.equals("apply") && (replacesData || applied == TERRAFORM_REPLACE)) {
      scan.hit(TERRAFORM_REPLACE, step, null);
    }
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
