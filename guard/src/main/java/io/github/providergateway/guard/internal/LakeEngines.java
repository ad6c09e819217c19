package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Set;

/**
 * The query engines of a lakehouse, read as database clients (issue 80 round 36, decision 229):
 * Spark's SQL shell and its Scala and Python shells, Hive's beeline, Trino and Presto, the
 * Databricks command line. Trino and beeline name their server ({@code --server https://…}, {@code
 * -u jdbc:hive2://…}), and speak to this machine's when given none; Spark is this machine's ({@code
 * local[*]}) unless it is given a cluster: a properties file, a master that is not local, a Spark
 * Connect server, a cluster deploy mode. Databricks is always another's.
 */
final class LakeEngines {
  private LakeEngines() {}

  /** The engines' programs. */
  static final Set<String> PROGRAMS =
      NameSet.of(
          "spark-sql",
          "spark-shell",
          "pyspark",
          "beeline",
          "trino",
          "presto",
          "databricks",
          "dbsqlcli",
          "duckdb"); // its ATTACH of another server's database (decision 292)

  /** The engines that speak to this machine's when given no server. */
  static final Set<String> LOCAL_BY_DEFAULT =
      NameSet.of("spark-sql", "spark-shell", "pyspark", "beeline", "trino", "presto", "duckdb");

  private static final Set<String> SPARK = NameSet.of("spark-sql", "spark-shell", "pyspark");

  /**
   * Whether a Spark shell is given a cluster, not this machine's: {@code --properties-file
   * conf/spark/lake-euw1.conf}, {@code --master yarn}, {@code --remote sc://…}, {@code
   * --deploy-mode cluster}.
   */
  static boolean sparkGivenCluster(Step step) {
    if (!SPARK.contains(step.program())) {
      return false;
    }
    List<String> args = step.invocation().args();
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i);
      String value = i + 1 < args.size() ? args.get(i + 1) : "";
      int eq = arg.indexOf('=');
      if (arg.startsWith("--") && eq > 0) {
        value = arg.substring(eq + 1);
        arg = arg.substring(0, eq);
      }
      switch (arg) {
        case "--properties-file", "--remote" -> {
          return true;
        }
        case "--master" -> {
          if (!value.startsWith("local")) {
            return true;
          }
        }
        case "--deploy-mode" -> {
          if (value.equals("cluster")) {
            return true;
          }
        }
        default -> {}
      }
    }
    return false;
  }
}
