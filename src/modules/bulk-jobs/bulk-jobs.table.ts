export interface BulkJobsTable {
  id: string;
  account_id: string;
  name: string;
  description: string | null;
  url: string;
  operation: string;
  mode: string;
  ttl: number;
  status: string;
  total_records: number;
  successful: number;
  failed: number;
  job_id: string | null;
  started: string | null;
  completed: string | null;
  created: string;
  created_by: string;
  last_modified: string;
  last_modified_by: string;
}

export interface BulkJobRecordsTable {
  job_id: string;
  seq: number;
  account_id: string;
  data: string; // JSON BulkDataProperty: path params only for obfuscation (contact ids)
  result_status: number | null;
  result_message: string | null;
  result_data: string | null;
  processed: number;
}
