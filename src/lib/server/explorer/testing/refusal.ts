// For tests of the service client: the ServiceError a call was refused with.
import { expect } from 'vitest';
import { ServiceError } from '../errors';

export async function refusal(call: Promise<unknown>): Promise<ServiceError> {
	const error = await call.then(
		() => undefined,
		(e: unknown) => e
	);
	expect(error).toBeInstanceOf(ServiceError);
	return error as ServiceError;
}
