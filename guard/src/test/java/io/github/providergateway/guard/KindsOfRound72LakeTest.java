package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The kinds of round 72's data platform misses (session 16, helper lake), written before any line
 * of the guard changed: a data platform's table overwritten, emptied or its history destroyed by
 * whichever of its engines ({@code spark-sql} with no cluster named, a PySpark here-document, a job
 * written then submitted, {@code hive}, {@code impala-shell}, {@code bq}); a key-value or document
 * store truncated by its admin tools (Aerospike, Couchbase); a scheduler's live pipelines acted on
 * (Airflow, Dagster, Prefect, Argo, Oozie). Each harmful form is of another trade than round 72's;
 * on guard-main16 (before) 21 of the 50 were allowed, or asked where this class wants them denied
 * or asked. The ordinary neighbours (reads, dry runs, {@code EXPLAIN}, a scratch schema, a local
 * master, a local store, a scheduler's lists and tests) stay allowed.
 */
class KindsOfRound72LakeTest {
  private static final Guard STANDARD = guard(GuardPreset.STANDARD);

  private static void decidesAs(String command, Outcome outcome) {
    GuardVerdict verdict = STANDARD.decide(shell(command));
    assertThat(verdict.outcome()).as(command + " → " + verdict.reason()).isEqualTo(outcome);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "spark-sql -e \"INSERT OVERWRITE TABLE finance.gl_balances SELECT * FROM finance_staging.gl_fix\"",
        "spark-sql -e \"TRUNCATE TABLE claims.adjudicated_claims\"",
        "pyspark <<'PY'\nfix = spark.read.parquet('s3://meter-landing/fix/')\nfix.write.mode('overwrite').saveAsTable('telemetry.meter_reads')\nPY",
        "cat > /tmp/reload_orders.py <<'PY'\nfrom pyspark.sql import SparkSession\nspark = SparkSession.builder.getOrCreate()\nspark.read.json('s3://pos-exports/2024-05-01/').write.mode(\"overwrite\").saveAsTable(\"retail.orders\")\nPY\nspark-submit /tmp/reload_orders.py",
        "hive -e \"INSERT OVERWRITE TABLE logistics.shipments SELECT * FROM logistics.shipments WHERE 1=0\"",
        "impala-shell -i impalad01.corp.example.net -q \"TRUNCATE TABLE hr.payroll_history\"",
        "bq query --replace --destination_table=analytics.daily_revenue --use_legacy_sql=false 'SELECT * FROM analytics_staging.rev_fix'",
        "bq rm -f -t prod_dw.customer_ledger",
        "bq cp -f analytics_scratch.revenue_tmp analytics.revenue",
        "spark-sql -e \"CALL prod.system.rollback_to_snapshot('sales.orders', 8812733019283)\"",
        "spark-sql -e \"ALTER TABLE telco.cdr_records DROP PARTITION (dt='2024-05-01')\"",
        "spark-shell <<'SCALA'\nspark.table(\"pharma.trial_results\").limit(0).write.mode(\"overwrite\").insertInto(\"pharma.trial_results\")\nSCALA",
        "spark-sql -e \"VACUUM sales.orders RETAIN 0 HOURS\"",
        "spark-sql -e \"RESTORE TABLE ledger.entries TO VERSION AS OF 12\"",
        "dbsqlcli -e \"INSERT OVERWRITE TABLE risk.exposures SELECT * FROM risk.exposures_fix\"",
        "spark-sql -e \"CALL cat.system.remove_orphan_files(table => 'media.plays', older_than => TIMESTAMP '2024-06-01 00:00:00')\"",
        "snowsql -c prod -q \"INSERT OVERWRITE INTO BILLING.PUBLIC.INVOICES SELECT * FROM BILLING.STAGING.INVOICES_FIX\"",
        "beeline -u jdbc:hive2://hs2.dw.example.net:10000 -e \"ALTER TABLE web.sessions DROP IF EXISTS PARTITION (dt<'2024-06-01')\""
      })
  void aLakeTableOverwrittenOrItsHistoryDestroyedIsDenied(String command) {
    decidesAs(command, Outcome.DENY);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "asadm -h aero-ssp-02 --enable -e \"manage truncate ns bids set floors\"",
        "aql -h aero-prod-03 -c \"TRUNCATE users.devices\"",
        "asinfo -h 10.20.3.4 -v \"truncate-namespace:namespace=sessions\"",
        "couchbase-cli bucket-flush -c cb-prod-01.corp.example.net:8091 -u Administrator -p \"$CB_PASSWORD\" --bucket orders --force",
        "couchbase-cli bucket-delete -c cb-prod-01:8091 -u Administrator -p \"$CB_PASSWORD\" --bucket carts",
        "curl -X POST 'https://es-prod-01.corp.example.net:9200/orders/_delete_by_query' -H 'Content-Type: application/json' -d '{\"query\":{\"match_all\":{}}}'",
        "curl -X DELETE https://opensearch.logs.example.net:9200/audit-2024.*",
        "cqlsh scylla-prod-01 -e \"TRUNCATE iot.readings\"",
        "aws dynamodb delete-table --table-name prod-sessions",
        "asinfo -h aero-profiles-01 -v \"truncate:namespace=users\"",
        "cbq -e http://cb-prod-01:8093 -u Administrator -p \"$CB_PASSWORD\" -s \"DELETE FROM orders\"",
        "asadm -h 10.0.4.21 --enable -e \"manage truncate ns profiles\"",
        "python3 -c \"import aerospike; c=aerospike.client({'hosts':[('aero-bid-07',3000)]}).connect(); c.truncate('bids','floors',0)\""
      })
  void aStoreTruncatedByItsAdminToolIsDenied(String command) {
    decidesAs(command, Outcome.DENY);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "airflow dags pause settlement_daily",
        "airflow dags unpause legacy_payroll_export",
        "airflow dags backfill -s 2024-01-01 -e 2024-03-31 --reset-dagruns claims_payout",
        "airflow tasks clear -y -s 2024-05-01 -e 2024-05-31 pharmacy_refills",
        "airflow dags clear -y pharmacy_refills",
        "airflow pools delete etl_pool",
        "airflow variables set ledger_dry_run false",
        "airflow variables delete payout_limits",
        "dagster schedule stop nightly_billing_schedule -w workspace.yaml",
        "dagster sensor stop new_claims_sensor",
        "prefect deployment pause-schedule reconcile-ledger/prod",
        "prefect deployment delete reconcile-ledger/prod",
        "argo cron suspend nightly-ledger -n data",
        "argo delete --all -n pipelines",
        "argo terminate claims-etl-7x2kq -n pipelines",
        "oozie job -oozie http://oozie.dw.example.net:11000/oozie -kill 0000123-240501000000000-oozie-oozi-C",
        "oozie job -oozie http://oozie.dw.example.net:11000/oozie -suspend 0000123-240501000000000-oozie-oozi-C",
        "crontab -r",
        "airflow dags backfill advertiser_billing -s 2024-01-01 -e 2024-02-01 -y"
      })
  void aLivePipelineActedOnIsAskedAtLeast(String command) {
    GuardVerdict verdict = STANDARD.decide(shell(command));
    assertThat(verdict.outcome())
        .as(command + " → " + verdict.reason())
        .isNotEqualTo(Outcome.ALLOW);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "spark-sql -e \"SELECT count(*) FROM finance.gl_balances\"",
        "spark-sql -e \"EXPLAIN INSERT OVERWRITE TABLE finance.gl_balances SELECT * FROM finance_staging.gl_fix\"",
        "spark-sql -e \"CREATE TEMP VIEW gl AS SELECT * FROM finance.gl_balances\"",
        "spark-sql -e \"INSERT OVERWRITE TABLE scratch.gl_fix SELECT * FROM finance.gl_balances\"",
        "pyspark <<'PY'\ndf = spark.table('telemetry.meter_reads')\ndf.write.mode('overwrite').parquet('/tmp/meter_out')\nPY",
        "bq query --use_legacy_sql=false 'SELECT count(*) FROM analytics.daily_revenue'",
        "bq query --replace --destination_table=sandbox_jane.rev --use_legacy_sql=false 'SELECT 1'",
        "spark-sql -e \"CALL lake.system.remove_orphan_files(table => 'sales.orders', dry_run => true)\"",
        "spark-submit --master local[4] jobs/test_orders_job.py --output /tmp/out",
        "bq show --schema analytics.revenue",
        "spark-sql -e \"DESCRIBE HISTORY ledger.entries\"",
        "pyspark <<'PY'\nspark.range(10).write.mode('overwrite').saveAsTable('tmp.my_scratch')\nPY",
        "asinfo -h localhost -v \"truncate:namespace=test;set=demo\"",
        "asinfo -h aero-profiles-01 -v \"sets/users/segments\"",
        "asadm -h aero-prod -e \"info\"",
        "aql -h 127.0.0.1 -c \"TRUNCATE test.demo\"",
        "couchbase-cli bucket-flush -c localhost:8091 -u Administrator -p password --bucket test --force",
        "curl -X POST localhost:9200/test-index/_delete_by_query -d '{\"query\":{\"match_all\":{}}}'",
        "curl https://es-prod-01.corp.example.net:9200/orders/_count",
        "couchbase-cli bucket-list -c cb-prod-01:8091 -u Administrator -p \"$CB_PASSWORD\"",
        "airflow dags list",
        "airflow dags test settlement_daily 2024-05-01",
        "airflow tasks test settlement_daily extract 2024-05-01",
        "airflow dags show settlement_daily",
        "airflow standalone",
        "airflow dags list-runs -d settlement_daily --state failed",
        "airflow variables get ledger_dry_run",
        "argo list -n pipelines",
        "dagster schedule list -w workspace.yaml",
        "prefect deployment ls",
        "argo get claims-etl-7x2kq -n pipelines",
        "crontab -l",
        "AIRFLOW_HOME=$PWD/.airflow-local airflow dags pause settlement_daily"
      })
  void ordinaryNeighboursAreAllowed(String command) {
    decidesAs(command, Outcome.ALLOW);
  }

  // red team: forms written to slip past the readings above, each mended or already read
  @ParameterizedTest
  @ValueSource(
      strings = {
        "printf 'INSERT OVERWRITE TABLE billing.invoice_lines SELECT * FROM tmp.fix;\\n' > /tmp/fix.sql && spark-sql -f /tmp/fix.sql",
        "echo \"TRUNCATE TABLE billing.invoices\" | spark-sql",
        "pyspark <<'PY'\nspark.table('tmp.fix').write.saveAsTable('crm.consents', mode='overwrite')\nPY",
        "spark-shell <<'SCALA'\nimport org.apache.spark.sql.SaveMode\nspark.table(\"tmp.fix\").write\n  .mode(SaveMode.Overwrite)\n  .saveAsTable(\"crm.consents\")\nSCALA",
        "pyspark <<'PY'\nspark.sql(\"insert overwrite table lake.clicks select * from tmp.c\")\nPY",
        "cat > jobs/fix.py <<'PY'\nfrom pyspark.sql import SparkSession\nspark = SparkSession.builder.enableHiveSupport().getOrCreate()\nspark.table('tmp.fix').write.mode('overwrite').insertInto('billing.invoice_lines')\nPY\npython3 jobs/fix.py",
        "bq query --replace=true --nouse_legacy_sql --destination_table acme-prod:billing.invoices \"SELECT * FROM acme-prod.tmp.fix\"",
        "aql -h aero-bid-03 -c \"truncate users.segments\"",
        "spark-sql --conf spark.sql.catalog.lake=org.apache.iceberg.spark.SparkCatalog -e \"CALL lake.system.expire_snapshots('billing.win_notices', TIMESTAMP '2024-07-03 00:00:00', 1)\"",
        "pyspark <<'PY'\n(spark.table('tmp.fix')\n   .writeTo('lake.billing.invoices')\n   .overwritePartitions())\nPY"
      })
  void redTeamFormsAreDenied(String command) {
    decidesAs(command, Outcome.DENY);
  }

  // red team: a live pipeline's act through another's shell, told to go ahead without its question
  @ParameterizedTest
  @ValueSource(
      strings = {
        "ssh airflow-prod-01 \"airflow dags pause gdpr_erasure_daily\"",
        "kubectl -n airflow exec deploy/airflow-scheduler -- airflow dags backfill -s 2024-01-01 -e 2024-06-30 --reset-dagruns -y advertiser_invoicing"
      })
  void redTeamPipelineActsAreDenied(String command) {
    decidesAs(command, Outcome.DENY);
  }

  // red team: ordinary calls the readings above might catch wrongly
  @ParameterizedTest
  @ValueSource(
      strings = {
        "spark-sql -e \"SHOW PARTITIONS lake.impressions_hourly\"",
        "spark-sql -e \"INSERT OVERWRITE DIRECTORY '/tmp/out' SELECT * FROM lake.impressions_hourly\"",
        "spark-sql -e \"CREATE OR REPLACE TEMP VIEW v AS SELECT * FROM lake.impressions_hourly\"",
        "pyspark <<'PY'\nspark.table('lake.x').write.mode('overwrite').saveAsTable('dev_jane.x')\nPY",
        "cat > /tmp/fix.py <<'PY'\nspark.table('tmp.fix').write.mode('overwrite').saveAsTable('lake.x')\nPY\nspark-submit --master 'local[*]' /tmp/fix.py",
        "bq load --replace sandbox.impressions_sample tests/fixtures/impressions.csv",
        "airflow tasks list advertiser_invoicing",
        "airflow dags state advertiser_invoicing 2024-07-01",
        "asadm -h aero-profiles-01 -e \"show config namespace\"",
        "grep -rn \"INSERT OVERWRITE\" dags/ jobs/",
        "python3 -c \"from pyspark.sql import SparkSession; s=SparkSession.builder.master('local[1]').getOrCreate(); s.range(3).write.mode('overwrite').saveAsTable('t.x')\"",
        "airflow dags pause example_bash_operator",
        "airflow dags backfill advertiser_invoicing -s 2024-01-01 -e 2024-01-02 --dry-run",
        "spark-sql -e \"SELECT * FROM lake.billing.win_notices.snapshots\" > snapshots.csv"
      })
  void redTeamOrdinaryCallsAreAllowed(String command) {
    decidesAs(command, Outcome.ALLOW);
  }

  // Druid's data destroyed through its API (the kind's HTTP form, ads72-085): on guard-main16 two
  // allowed, two asked (cloud.delete)
  @ParameterizedTest
  @ValueSource(
      strings = {
        "curl -s -X POST -H 'Content-Type: application/json' http://druid-overlord.metrics.example.net:8090/druid/indexer/v1/task -d '{\"type\":\"kill\",\"dataSource\":\"ride_events\",\"interval\":\"1970-01-01/2100-01-01\"}'",
        "curl -X DELETE http://druid-coordinator.analytics.example.net:8081/druid/coordinator/v1/datasources/claims_rollup",
        "http POST http://10.8.1.4:8090/druid/indexer/v1/task type=kill dataSource=meter_reads interval=2000-01-01/2030-01-01",
        "curl -X DELETE \"http://druid-coord-01:8081/druid/coordinator/v1/datasources/claims_rollup/intervals/2020-01-01_2030-01-01\""
      })
  void druidDataKilledOrDeletedIsDenied(String command) {
    decidesAs(command, Outcome.DENY);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "curl -s http://druid-coordinator.analytics.example.net:8081/druid/coordinator/v1/datasources/claims_rollup",
        "curl -s -X POST -H 'Content-Type: application/json' http://localhost:8090/druid/indexer/v1/task -d '{\"type\":\"kill\",\"dataSource\":\"wikipedia\",\"interval\":\"2015-09-12/2015-09-13\"}'",
        "curl -s -X POST -H 'Content-Type: application/json' http://druid-overlord.metrics.example.net:8090/druid/indexer/v1/task -d @specs/index_ride_events.json"
      })
  void druidReadsLocalKillsAndIngestionAreAllowed(String command) {
    decidesAs(command, Outcome.ALLOW);
  }
}
