import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAuthStore } from '../stores/auth-store';
import { startRegistration } from '../lib/auth/auth-service';

/** 'Register Now': a signed-in user goes to /analyzer, anyone else starts registration. */
export function useRegisterNow(): () => void {
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  const navigate = useNavigate();
  return useCallback(() => {
    if (isAuthenticated) navigate('/analyzer');
    else void startRegistration();
  }, [isAuthenticated, navigate]);
}
