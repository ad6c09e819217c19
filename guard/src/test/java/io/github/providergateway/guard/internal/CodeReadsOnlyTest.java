package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Decision 312: inline code typed on the command line that reaches a service not on this machine is
 * asked unless everything it calls reads ({@link CodeLooks}). Each ask fails if the reading were
 * turned off (the calls' names are none that {@code shapes.code-acts-on-shared} listed before);
 * each allow fails if it widened to code that only reads, or reached a script's code.
 */
class CodeReadsOnlyTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        // a method no list of acts knew
        "python3 -c \"import os; from canvasapi import Canvas; c = Canvas('https://nfsu.instructure.com',"
            + " os.environ['CANVAS_TOKEN']); c.get_course(48213).enroll_user(c.get_user(1183390),"
            + " 'TaEnrollment')\"",
        "python -c \"from mlflow import MlflowClient;"
            + " MlflowClient('https://mlflow.halden.internal').transition_model_version_stage('chat',"
            + " '42', 'Production')\"",
        "node -e \"const {Kafka}=require('kafkajs');(async()=>{const a=new"
            + " Kafka({brokers:[process.env.KAFKA_BROKERS],sasl:{mechanism:'plain',"
            + "username:'ops',password:process.env.KAFKA_PASSWORD}}).admin();await a.connect();"
            + "await a.deleteTopics({topics:['positions']})})()\"",
        // a request method said another way
        "perl -MLWP::UserAgent -e '$u=LWP::UserAgent->new;$r=HTTP::Request->new(PATCH=>"
            + "\"https://ado-api.asl-ops.net/v1/results/A-1\");$r->header(Authorization=>\"Bearer $ENV{ADO_TOKEN}\");$u->request($r)'",
        "M=PATCH python3 -c \"import os, requests; requests.request(os.environ['M'],"
            + " 'https://lims.rbwater.org/api/v2/samples/1', headers={'Authorization': 'Bearer '"
            + " + os.environ['LIMS_TOKEN']})\"",
        // a name built at run time (the guard folds 'a' + 'b' into one string first)
        "python3 -c \"import boto3; c=boto3.Session(profile_name='bpo-prod').client('connect');"
            + " getattr(c, 'associate_routing_profile_' + 'queues')(InstanceId='8f3c2a1e')\"",
        // a switch thrown by a GET's query
        "python3 -c \"import urllib.request as u;"
            + "print(u.urlopen('https://rcm.ops.wvt.internal/api/heating/BSK/all?set=off').read())\"",
        // a SOAP operation, capitalised like a class
        "python3 -c \"import zeep; c = zeep.Client('https://apis-gw.corp.meridianseas.net/eapis?wsdl');"
            + " c.service.SubmitManifest(vesselImo='9812245')\"",
      })
  void codeThatDoesWhatTheGuardCannotNameAsAReadIsAsked(String command) {
    assertThat(StandardCalls.shell(command)).as(command).isNotEqualTo(Outcome.ALLOW);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "python3 -c \"import os; from canvasapi import Canvas; c = Canvas('https://nfsu.instructure.com',"
            + " os.environ['CANVAS_TOKEN']); print([(a.id, a.name) for a in"
            + " c.get_course(48213).get_assignments()])\"",
        "python3 -c \"from pymodbus.client import ModbusTcpClient; c ="
            + " ModbusTcpClient('10.60.3.11', port=502); c.connect(); r ="
            + " c.read_holding_registers(0, count=16, slave=1); print(r.registers); c.close()\"",
        "python3 -c \"import boto3; print(boto3.client('ec2').describe_instances()['Reservations'])\"",
        "python3 -c \"import os, psycopg2; c=psycopg2.connect(os.environ['REPORTING_DB_URL']);"
            + " cur=c.cursor(); cur.execute('SELECT count(*) FROM daily_totals');"
            + " print(cur.fetchone())\"",
        "python3 -c \"import mygeotab,os; api=mygeotab.API(os.environ['GEOTAB_USER'],"
            + " os.environ['GEOTAB_PASSWORD'], 'fleet'); api.authenticate();"
            + " print(len(api.get('DutyStatusLog')))\"",
        "node -e \"fetch('https://api.example-saas.com/v1/status').then(r=>r.json())"
            + ".then(console.log)\"",
      })
  void codeThatOnlyReadsIsLetThrough(String command) {
    assertThat(StandardCalls.shell(command)).as(command).isEqualTo(Outcome.ALLOW);
  }

  @Test
  void aMethodFromAVariableOrAStatementNotAllReadsActs() {
    String code =
        "import os, requests; requests.request(os.environ['M'], 'https://ado-api.asl-ops.net/x')";
    assertThat(CodeLooks.onlyReads(code)).isFalse();
    assertThat(
            CodeLooks.onlyReads("import requests; print(requests.get('https://x.example').text)"))
        .isTrue();
    // a statement handed to a database reads only when every statement quoted reads
    assertThat(
            CodeLooks.onlyReads(
                "c.execute('SELECT 1'); c.execute(\"\"\"\n  UPDATE t SET a=1\"\"\")"))
        .isFalse();
    assertThat(CodeLooks.onlyReads("c.execute(sql)")).isFalse();
  }
}
