package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Infrastructure and data: destroying stacks and clusters' namespaces (or scaling all of one to
 * zero), uninstalling releases, dropping or emptying databases (SQL in a client's arguments, its
 * here-documents, or echoed into it; the other data stores in {@link DataStores}), pruning Docker's
 * volumes, deleting buckets, and cloud deletes.
 *
 * <p>This class reads the command a program at a time and hands each program to the part that knows
 * it: {@link TerraformPlans}, {@link KubectlDeletes}, {@link DockerCommands}, {@link
 * StorageDeletes}, {@link SqlStatements} (and {@link DataStores} for the other stores), in the
 * order the rules were always found in.
 */
final class InfraRules implements Family {
  static final BuiltinRule PULUMI_DESTROY = RuleBook.rule("infra.pulumi-destroy");
  static final BuiltinRule HELM_UNINSTALL = RuleBook.rule("infra.helm-uninstall");
  static final BuiltinRule DB_DROP = RuleBook.rule("db.drop");
  static final BuiltinRule CLOUD_DELETE = RuleBook.rule("cloud.delete");
  static final BuiltinRule CONTAINER_VOLUMES = RuleBook.rule("infra.container-volumes");

  @Override
  public void scan(Scan scan) {
    // Plan files saved in this command that destroy (plan -destroy) or replace what holds data
    // (plan -replace=aws_db_instance.x), by their name: applying one does what the plan says.
    Map<String, BuiltinRule> plans = new HashMap<>();
    boolean client = false;
    for (Step step : scan.steps()) {
      client |= step.is(ProgramKind.SQL_CLIENT);
    }
    for (Step step : scan.steps()) {
      switch (step.program()) {
        case "terraform", "tofu", "terragrunt" -> TerraformPlans.terraform(scan, step, plans);
        case "pulumi" -> {
          List<Word> pos = Argv.of(step.args(), "sC", "stack", "cwd").positionals();
          String sub = Argv.textAt(pos, 0);
          // down and dn are destroy's aliases (pulumi destroy --help).
          if (sub.equals("destroy")
              || sub.equals("down")
              || sub.equals("dn")
              || sub.equals("stack") && Argv.textAt(pos, 1).equals("rm")) {
            scan.hit(PULUMI_DESTROY, step, null);
          }
        }
        case "kubectl", "oc", "kubecolor" -> KubectlDeletes.kubectl(scan, step);
        case "helm" -> {
          String sub =
              Argv.textAt(Argv.of(step.args(), "n", "namespace", "kube-context").positionals(), 0);
          if (Set.of("uninstall", "delete", "del", "un").contains(sub)
              && !Environments.localTestData(scan, step)) { // a kind cluster's (decision 90)
            scan.hit(HELM_UNINSTALL, step, null);
          }
        }
        case "docker", "podman", "nerdctl" -> DockerCommands.docker(scan, step);
        case "docker-compose", "podman-compose" -> {
          if (DockerCommands.composeDown(step.args(), 0)
              && DockerCommands.composeVolumes(step.args())) {
            scan.hit(CONTAINER_VOLUMES, step, null);
          }
        }
        case "firebase" -> StorageDeletes.firebase(scan, step);
        case "rclone" -> StorageDeletes.rclone(scan, step);
        case "mc" -> StorageDeletes.minio(scan, step);
        case "s3cmd" -> StorageDeletes.s3cmd(scan, step);
        case "dropdb" -> {
          if (!TestDatabases.isLocalTestDatabase(step)) {
            scan.hit(DB_DROP, step, null);
          }
        }
        case "mysqladmin" -> {
          if (step.invocation().args().contains("drop")) {
            scan.hit(DB_DROP, step, null);
          }
        }
        case "rails", "rake", "bundle" -> {
          for (Word w : step.args()) {
            if ((w.text().equals("db:drop") || w.text().equals("db:reset"))
                && !Environments.localTestData(scan, step)) { // RAILS_ENV=test (decision 90)
              scan.hit(DB_DROP, step, null);
            }
          }
        }
        case "prisma" -> {
          List<String> a = step.invocation().args();
          if (a.size() >= 2 && a.get(0).equals("migrate") && a.get(1).equals("reset")
              || a.contains("--force-reset")) {
            scan.hit(DB_DROP, step, null);
          }
        }
        case "aws" -> StorageDeletes.aws(scan, step);
        case "gsutil" -> StorageDeletes.gsutil(scan, step);
        case "gcloud" -> StorageDeletes.gcloud(scan, step);
        case "az" -> StorageDeletes.az(scan, step);
        case "doctl" -> {
          // doctl's delete and its aliases; with --force it is cloud.terminate's (declared).
          List<String> args = step.invocation().args();
          if (args.contains("delete")
              || args.contains("rm")
              || args.contains("del")
              || args.contains("d")) {
            scan.hit(CLOUD_DELETE, step, null);
          }
        }
        default -> {}
      }
      if (step.is(ProgramKind.SQL_CLIENT) && !Environments.localTestData(scan, step)
          || client && step.is(ProgramKind.ECHO)) {
        for (String text : SqlStatements.statements(step)) {
          SqlStatements.sql(scan, step, text);
        }
      }
    }
    DataStores.scan(scan);
  }
}
